// Prerender writes only the pages it planned (issue 75): never over a file the build wrote before
// it (the editor's page, a bundle, a file of public/), nor one page over another; the error names
// both writers.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { overwrittenFile } from '../../../../builder/prerender/render-pages.ts'
import { BUILD_OUTPUTS } from '../../../../site/build-outputs.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'

const dist = scratchDir('page-overwrite-')

describe('prerender', () => {
  it("refuses to write a page over the editor's, naming the page and the editor", async () => {
    await mkdir(path.join(dist(), 'client/admin/callback'), { recursive: true })
    await writeFile(path.join(dist(), 'client/admin/index.html'), '<title>the editor</title>')
    await writeFile(path.join(dist(), 'client/admin/callback/index.html'), 'a stray file')
    expect(overwrittenFile(dist(), ['/', '/about'])).toBeUndefined()
    expect(overwrittenFile(dist(), ['/', '/admin'])).toBe(
      `prerender would write dist/client/admin/index.html for the page /admin over the file ${BUILD_OUTPUTS.editor.writer} wrote there; the page's address is reserved: give it another`,
    )
    expect(overwrittenFile(dist(), ['/admin/callback'])).toContain(
      'dist/client/admin/callback/index.html for the page /admin/callback',
    )
  })

  it('refuses to write one file for two pages', () => {
    expect(overwrittenFile(dist(), ['/about', '/about/'])).toBe(
      'prerender would write dist/client/about/index.html twice: for the page /about and for the page /about/',
    )
  })
})
