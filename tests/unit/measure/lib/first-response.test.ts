// The byte count behind the first-response budget (measure/lib/budgets.ts): the header block as it
// goes on the wire, line ends and the blank line included.
import { expect, it } from 'vitest'
import { headerBlockBytes } from '../../../../measure/lib/first-response.ts'

it('counts the status line, each header line with its CRLF, and the blank line', () => {
  const block = 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: br\r\n\r\n'
  expect(
    headerBlockBytes('HTTP/1.1 200 OK', ['Content-Type', 'text/html', 'Content-Encoding', 'br']),
  ).toBe(Buffer.byteLength(block))
})
