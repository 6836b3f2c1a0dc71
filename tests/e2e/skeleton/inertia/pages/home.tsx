import { Head } from '@inertiajs/react'

export default function Home() {
  return (
    <>
      <Head title="Home" />
      <h1>It works!</h1>
    </>
  )
}
