// The build stops, naming the count and the limit, where Cloudflare would refuse the assets.
import { truncate, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkAssets, HOST_LIMITS } from '../../../../builder/outputs/host-limits.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'

describe("Cloudflare's limits on the assets", () => {
  const dir = scratchDir('host-limits-')
  const { files, bytesPerFile } = HOST_LIMITS.assets

  it('refuses more files than the host takes', async () => {
    const names = Array.from({ length: files + 1 }, (_, index) => `page-${index}.html`)
    await expect(checkAssets(dir(), names)).rejects.toThrow(
      "the site has 20,001 files; Cloudflare's Workers static assets take at most 20,000 (Free plan)",
    )
  })

  it('refuses a file over the size the host takes, and takes one at it', async () => {
    // Sparse: the size is what is checked, no bytes are written.
    await writeFile(path.join(dir(), 'at-limit.bin'), '')
    await truncate(path.join(dir(), 'at-limit.bin'), bytesPerFile)
    await expect(checkAssets(dir(), ['at-limit.bin'])).resolves.toBeUndefined()
    await writeFile(path.join(dir(), 'over.bin'), '')
    await truncate(path.join(dir(), 'over.bin'), bytesPerFile + 1)
    await expect(checkAssets(dir(), ['at-limit.bin', 'over.bin'])).rejects.toThrow(
      'over.bin is 26,214,401 bytes; Cloudflare',
    )
  })
})
