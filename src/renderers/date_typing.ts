/**
 * How a date field reaches the picker it draws and the form it belongs to.
 */
export interface DateTypingPort {
  /** The date the picker holds (`YYYY-MM-DD`), null when it holds none */
  held(): string | null
  /**
   * Makes the picker hold a date (null: none) at once: the picker reads its
   * date back within the same key press to rewrite its input.
   */
  hold(date: string | null): void
  /** Sends a date (null: none) to the form */
  emit(date: string | null): void
  /** Whether the picker's input has the focus */
  focused(): boolean
  /** Runs `run` in the next animation frame, after the picker's own rewrite */
  nextFrame(run: () => void): void
}

/**
 * What a date field does while a person types into its picker's input,
 * the same in both renderers. The picker's date is the field's own copy
 * (`port.held()`), handed to the picker as its controlled value.
 *
 * The picker rewrites its input a frame after its date changes. Emptying
 * the input therefore sends null to the form at once, but the picker keeps
 * its date until the input settles (blur, or Enter on a typed date): a key
 * typed right after emptying is never overwritten, and a date typed again
 * as it was is still sent. The form's date from outside (a saved record, a
 * reset) replaces the picker's while the person is not typing in it.
 */
export class DateTyping {
  #emptied = false
  /** What the person typed since the picker's date last changed or the input settled */
  #typed: string | null = null
  #port: DateTypingPort

  constructor(port: DateTypingPort) {
    this.#port = port
  }

  /**
   * The picker's date changed: a date picked, typed and committed, or held
   * to a bound; none when its input was emptied.
   */
  changed(date: string | null) {
    if (date === null) {
      this.#emptied = true
      this.#port.emit(null)
      return
    }
    this.#emptied = false
    this.#typed = null
    this.#port.hold(date)
    this.#port.emit(date)
  }

  /**
   * The input settled (`blurred`: it lost the focus; else Enter was
   * pressed) with `text`, after the picker handled the same event.
   */
  settled(text: string, blurred: boolean) {
    this.#typed = null
    if (!this.#emptied) return
    if (text.trim() === '') {
      if (!blurred) return
      this.#emptied = false
      this.#port.hold(null)
      return
    }
    /* the picker kept its date: the typed text named it again, or a date
       out of bounds was held to it; the input shows it, so the form gets it */
    this.#emptied = false
    this.#port.emit(this.#port.held())
  }

  /**
   * The person typed into the picker's input (its `input` event). The
   * picker rewrites its input a frame after its date changes, with the date
   * it holds by then: a key typed before that frame (a date typed at once
   * after the previous one was committed) would be overwritten by the date
   * it replaces, and Enter would commit that one. So the next frame puts
   * the typed text back, unless the input settled, the picker's date
   * changed or another key was typed since.
   */
  typed(input: { value: string }) {
    const text = input.value
    this.#typed = text
    this.#port.nextFrame(() => {
      if (this.#typed === text && input.value !== text) input.value = text
    })
  }

  /** Whether the form's date from outside is one the picker must now hold */
  follows(date: string | null): boolean {
    return date !== this.#port.held() && !this.#port.focused()
  }
}
