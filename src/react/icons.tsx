import type { ComponentType, SVGProps } from 'react'
import {
  AcademicCapIcon,
  ArchiveBoxIcon,
  ArrowUturnLeftIcon,
  BanknotesIcon,
  Bars3Icon,
  BellIcon,
  BookOpenIcon,
  BriefcaseIcon,
  BuildingOfficeIcon,
  CalendarIcon,
  ChartBarIcon,
  ChatBubbleLeftRightIcon,
  CheckIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronUpDownIcon,
  CheckCircleIcon,
  ClipboardDocumentIcon,
  ClipboardDocumentListIcon,
  Cog6ToothIcon,
  ComputerDesktopIcon,
  CubeIcon,
  DocumentTextIcon,
  EllipsisVerticalIcon,
  EnvelopeIcon,
  EyeIcon,
  FolderIcon,
  GlobeAltIcon,
  HomeIcon,
  InboxIcon,
  LinkSlashIcon,
  MagnifyingGlassIcon,
  MapPinIcon,
  MegaphoneIcon,
  MoonIcon,
  NewspaperIcon,
  PencilSquareIcon,
  PhotoIcon,
  PlusIcon,
  RectangleStackIcon,
  ShoppingBagIcon,
  ShoppingCartIcon,
  Squares2X2Icon,
  StarIcon,
  SunIcon,
  TagIcon,
  TrashIcon,
  TruckIcon,
  UserIcon,
  UserGroupIcon,
  UsersIcon,
  ViewColumnsIcon,
  XMarkIcon,
  XCircleIcon,
  ChevronUpIcon,
  ChevronDownIcon,
} from '@heroicons/react/24/outline'
import { iconName } from '../renderers/icons.ts'

type IconComponent = ComponentType<SVGProps<SVGSVGElement>>

/**
 * The bundled icons by name: the navigation icons of `KIT_ICON_NAMES` and
 * the ones the renderers draw (menu, theme, actions, pagination).
 */
const ICONS: Record<string, IconComponent> = {
  'academic-cap': AcademicCapIcon,
  'archive-box': ArchiveBoxIcon,
  'arrow-uturn-left': ArrowUturnLeftIcon,
  'banknotes': BanknotesIcon,
  'bars-3': Bars3Icon,
  'bell': BellIcon,
  'book-open': BookOpenIcon,
  'briefcase': BriefcaseIcon,
  'building-office': BuildingOfficeIcon,
  'calendar': CalendarIcon,
  'chart-bar': ChartBarIcon,
  'chat-bubble-left-right': ChatBubbleLeftRightIcon,
  'check': CheckIcon,
  'chevron-left': ChevronLeftIcon,
  'chevron-right': ChevronRightIcon,
  'chevron-up-down': ChevronUpDownIcon,
  'check-circle': CheckCircleIcon,
  'clipboard-document': ClipboardDocumentIcon,
  'clipboard-document-list': ClipboardDocumentListIcon,
  'cog-6-tooth': Cog6ToothIcon,
  'computer-desktop': ComputerDesktopIcon,
  'cube': CubeIcon,
  'document-text': DocumentTextIcon,
  'ellipsis-vertical': EllipsisVerticalIcon,
  'envelope': EnvelopeIcon,
  'eye': EyeIcon,
  'folder': FolderIcon,
  'globe-alt': GlobeAltIcon,
  'home': HomeIcon,
  'inbox': InboxIcon,
  'link-slash': LinkSlashIcon,
  'magnifying-glass': MagnifyingGlassIcon,
  'map-pin': MapPinIcon,
  'megaphone': MegaphoneIcon,
  'moon': MoonIcon,
  'newspaper': NewspaperIcon,
  'pencil-square': PencilSquareIcon,
  'photo': PhotoIcon,
  'plus': PlusIcon,
  'rectangle-stack': RectangleStackIcon,
  'shopping-bag': ShoppingBagIcon,
  'shopping-cart': ShoppingCartIcon,
  'squares-2x2': Squares2X2Icon,
  'star': StarIcon,
  'sun': SunIcon,
  'tag': TagIcon,
  'trash': TrashIcon,
  'truck': TruckIcon,
  'user': UserIcon,
  'user-group': UserGroupIcon,
  'users': UsersIcon,
  'view-columns': ViewColumnsIcon,
  'x-mark': XMarkIcon,
  'x-circle': XCircleIcon,
  'chevron-up': ChevronUpIcon,
  'chevron-down': ChevronDownIcon,
}

/**
 * A decorative icon (`aria-hidden`): a name of the renderers' own icons, or
 * a navigation icon in any spelling `iconName()` accepts.
 */
export function KitIcon({
  name,
  className,
}: {
  name: string | null | undefined
  className?: string
}) {
  const Icon = (name && ICONS[name]) || ICONS[iconName(name)]
  return (
    <Icon
      aria-hidden="true"
      data-slot="icon"
      className={className ? `kit-icon ${className}` : 'kit-icon'}
    />
  )
}
