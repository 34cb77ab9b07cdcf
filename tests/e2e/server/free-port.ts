// A free port on 127.0.0.1, asked of the system by a short child process so that the Playwright
// config (which must be synchronous) can use it.
import { execFileSync } from 'node:child_process'

const PROBE = `const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})`

export function freePort(): number {
  return Number(execFileSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' }))
}
