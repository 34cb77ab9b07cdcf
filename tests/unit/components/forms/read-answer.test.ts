// Issue 54: the answer read as the spec reads it (§7): "only an error field is read", and "Any
// error in the answer means failure"; a 2xx that is not JSON is no proof the function has it.
import { describe, expect, it } from 'vitest'
import { readAnswer } from '../../../../components/forms/read-answer.ts'

describe('readAnswer', () => {
  it.each([
    ['{}', {}],
    ['{ success: true }', { success: true }],
    ['{ ok: true, id }', { ok: true, id: '5f0c…' }],
    ['{ error: null }', { error: null }],
    ['JSON null', null],
    ['an empty body (no answer, so no error in it)', ''],
    ['JSON sent as text/plain', '{"ok":true}'],
  ])('%s is success', (_label, data) => {
    expect(readAnswer(data)).toBe('success')
  })

  it.each([
    ['{ error: "x" }', { error: 'x' }, 'x'],
    ['{ ok: true, error: "x" }', { ok: true, error: 'x' }, 'x'],
    ['an error object', { error: { code: 42 } }, '{"code":42}'],
    ['an error in JSON sent as text', '{"error":"Mail failed"}', 'Mail failed'],
    ['an empty error', { error: '' }, ''],
  ])('%s is a failure naming it', (_label, data, error) => {
    expect(readAnswer(data)).toEqual({ error })
  })

  it.each([
    ['an HTML page', '<!doctype html><title>Wi-Fi</title><p>Sign in</p>'],
    ['plain text', 'OK'],
    ['a Blob', new Blob(['{}'])],
  ])('%s is not confirmed', (_label, data) => {
    expect(readAnswer(data)).toBe('unconfirmed')
  })
})
