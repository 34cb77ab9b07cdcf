// One server per data folder: 30 `npm run serve` started at once on one folder. Before the fix,
// a lock another process was still writing read as stale and was deleted: 16 of 30 such runs had
// two servers that both believed they held the folder.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { lockFileOf, type LockInfo } from '../../server/data-folder-lock.ts'
import { makeWorkFolder, startServe, stop, type Started } from './data-helpers.ts'
import { timeLimit } from '../harness/time-limit.ts'

const STARTS = 30
let work: Awaited<ReturnType<typeof makeWorkFolder>>
const started: Started[] = []

beforeAll(async () => {
  work = await makeWorkFolder('data-race-')
})

afterAll(async () => {
  await Promise.all(started.map(stop))
  await work.remove()
})

it(
  `of ${STARTS} simultaneous starts on one folder, exactly one runs; the rest exit with the busy sentence`,
  async () => {
    const dataDir = path.join(work.folder, 'pglite')
    for (let index = 0; index < STARTS; index++) started.push(startServe(work.folder, dataDir))

    // Every loser exits on its own; the winner keeps running until it is stopped.
    const running = await new Promise<Started>((resolve, reject) => {
      let exits = 0
      let winner: Started | null = null
      const settle = () => {
        if (winner && exits === STARTS - 1) resolve(winner)
      }
      for (const start of started) {
        start.child.stdout!.on('data', () => {
          if (start.output().includes('Site running at') && winner !== start) {
            if (winner) reject(new Error('two servers run on one data folder'))
            winner = start
            settle()
          }
        })
        void start.exited.then(() => {
          exits++
          if (exits === STARTS) reject(new Error('no server runs'))
          settle()
        })
      }
    })

    const losers = started.filter((start) => start !== running)
    expect(losers).toHaveLength(STARTS - 1)
    for (const loser of losers) {
      expect(loser.child.exitCode).not.toBe(0)
      expect(loser.child.exitCode).not.toBeNull()
      expect(loser.output()).toContain(`The leads database ${dataDir} is in use by process`)
    }
    const holder = JSON.parse(await readFile(lockFileOf(dataDir), 'utf8')) as LockInfo
    expect(holder.pid).toBe(running.child.pid)
    // The busy sentence never shows the admin endpoint's token.
    for (const loser of losers) expect(loser.output()).not.toContain(holder.adminToken ?? '-none-')
    const answer = await fetch(`http://127.0.0.1:${running.port}/`)
    expect(answer.status).toBe(200)
  },
  timeLimit(240_000),
)
