import { test } from '@japa/runner'
import { DateTyping } from '../../src/renderers/date_typing.ts'

/**
 * A date field's picker and form, as the renderers wire them: what the
 * picker holds, what the form was sent, and whether the input has focus.
 */
function field(start: string | null) {
  const state = {
    held: start,
    sent: [] as (string | null)[],
    focused: true,
    frames: [] as (() => void)[],
  }
  const typing = new DateTyping({
    held: () => state.held,
    hold: (date) => {
      state.held = date
    },
    emit: (date) => {
      state.sent.push(date)
    },
    focused: () => state.focused,
    nextFrame: (run) => void state.frames.push(run),
  })
  return { state, typing }
}

test.group('Date typing', () => {
  test('a date the picker chooses is held and sent', ({ assert }) => {
    const { state, typing } = field('2026-04-30')
    typing.changed('2026-05-01')
    assert.equal(state.held, '2026-05-01')
    assert.deepEqual(state.sent, ['2026-05-01'])
  })

  test('an emptied input sends null at once; the picker keeps its date until the input is left', ({
    assert,
  }) => {
    const { state, typing } = field('2026-04-30')
    typing.changed(null)
    assert.deepEqual(state.sent, [null])
    assert.equal(state.held, '2026-04-30', 'no rewrite of the input while typing')
    typing.settled('', false)
    assert.equal(state.held, '2026-04-30', 'Enter on an empty input changes nothing')
    state.focused = false
    typing.settled('', true)
    assert.isNull(state.held)
    assert.deepEqual(state.sent, [null])
  })

  test('the same date typed again after emptying is sent again', ({ assert }) => {
    const { state, typing } = field('2026-04-30')
    typing.changed(null)
    /* the picker saw no change (it still held the date): the input settles */
    typing.settled('2026-04-30', false)
    assert.deepEqual(state.sent, [null, '2026-04-30'])
    assert.equal(state.held, '2026-04-30')
    /* settling again sends nothing more */
    typing.settled('2026-04-30', true)
    assert.deepEqual(state.sent, [null, '2026-04-30'])
  })

  test('a settled input sends nothing when the picker already sent its change', ({ assert }) => {
    const { state, typing } = field('2026-04-30')
    typing.changed(null)
    typing.changed('2026-06-01')
    typing.settled('2026-06-01', true)
    assert.deepEqual(state.sent, [null, '2026-06-01'])
  })

  test("the form's date from outside is held, except while the person types in the input", ({
    assert,
  }) => {
    const { state, typing } = field('2026-04-30')
    assert.isFalse(typing.follows('2026-04-30'), 'its own date')
    assert.isFalse(typing.follows('2026-01-01'), 'focused: the person types')
    assert.isFalse(typing.follows(null), 'focused: the null its own emptying sent')
    state.focused = false
    assert.isTrue(typing.follows('2026-01-01'))
    assert.isTrue(typing.follows(null))
  })

  test("a date typed before the picker's late rewrite is put back in the next frame", ({
    assert,
  }) => {
    const { state, typing } = field('2026-04-30')
    const runFrames = () => state.frames.splice(0).forEach((run) => run())
    const input = { value: '2026-04-30' }
    /* the picker committed 2026-04-30 and rewrites its input in the next frame; a date is
       typed before that frame, and the frame writes the date the picker still holds */
    typing.changed('2026-04-30')
    input.value = '2026-05-01'
    typing.typed(input)
    input.value = '2026-04-30'
    runFrames()
    assert.equal(input.value, '2026-05-01', 'the typed date is shown, and Enter commits it')

    /* a key typed since: the latest key's frame decides */
    input.value = '2026-05-0'
    typing.typed(input)
    input.value = '2026-05-02'
    typing.typed(input)
    input.value = '2026-04-30'
    runFrames()
    assert.equal(input.value, '2026-05-02')

    /* the input settled (Enter on a date the picker refused): the picker's rewrite stands */
    input.value = '2026-13-01'
    typing.typed(input)
    typing.settled('2026-13-01', false)
    input.value = '2026-04-30'
    runFrames()
    assert.equal(input.value, '2026-04-30')

    /* the picker's date changed (picked in the calendar): its rewrite stands */
    input.value = '2026-06'
    typing.typed(input)
    typing.changed('2026-06-15')
    input.value = '2026-06-15'
    runFrames()
    assert.equal(input.value, '2026-06-15')
  })
})
