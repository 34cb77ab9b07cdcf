// Spec §7: the backend client is created with the project's URL and public key, and the function
// send-contact-email is invoked with the form's body; how each answer ends (read-answer.ts).
import { beforeAll, expect, it, vi } from 'vitest'
import { CONTACT_FUNCTION_NAME } from '../../../../supabase/functions/_shared/function-name.ts'

const supabase = vi.hoisted(() => {
  const invoke = vi.fn()
  return { invoke, createClient: vi.fn(() => ({ functions: { invoke } })) }
})
vi.mock('@supabase/supabase-js', () => ({ createClient: supabase.createClient }))

const body = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '',
  message: 'Four backend interviews.',
}
let send: typeof import('../../../../components/forms/send-request.ts')

beforeAll(async () => {
  vi.stubEnv('VITE_SUPABASE_URL', 'https://project-ref.supabase.co')
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'public-anon-key')
  send = await import('../../../../components/forms/send-request.ts')
})

it('creates the client with the project URL and public key, and invokes the function', async () => {
  supabase.invoke.mockResolvedValueOnce({ data: {}, error: null, response: new Response('{}') })
  await expect(send.sendContactEmail(body)).resolves.toBe('sent')
  expect(supabase.createClient).toHaveBeenCalledOnce()
  expect(supabase.createClient).toHaveBeenCalledWith(
    'https://project-ref.supabase.co',
    'public-anon-key',
    { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } },
  )
  expect(supabase.invoke).toHaveBeenCalledWith(CONTACT_FUNCTION_NAME, {
    body,
    signal: expect.any(AbortSignal),
  })
})

it('an error field fails and is not kept; a page that is not JSON fails and is kept', async () => {
  supabase.invoke.mockResolvedValueOnce({ data: { error: 'x' }, error: null })
  await expect(send.sendContactEmail(body)).rejects.toMatchObject({
    name: 'SendError',
    message: 'x',
    retryable: false,
  })
  supabase.invoke.mockResolvedValueOnce({ data: '<!doctype html><p>Portal</p>', error: null })
  await expect(send.sendContactEmail(body)).rejects.toMatchObject({ retryable: true })
  // The client is made once, on the first send.
  expect(supabase.createClient).toHaveBeenCalledOnce()
})
