// Runs a body compiled by ./mdx-compiler.ts when its page is rendered. The content module names
// the file the build cache keeps each body in (or, without a cache, holds its text), not a module
// of its own (why: ./mdx-compiler.ts), and this is what MDX's own `runSync` does with such a
// text: call it with React's JSX runtime. A body is read and run each time it is rendered, so no
// page keeps another's body alive; V8's compilation cache makes a second run of the same text
// cheap.
import { readFileSync } from 'node:fs'
import { createElement, type ComponentType } from 'react'
import * as runtime from 'react/jsx-runtime'
/** What the body is rendered with: the writer components, by name (site/content.ts). */
type BodyProps = { components?: Record<string, ComponentType<never>> }

/** A compiled body: the file it is kept in, or its text. */
export type CompiledBody = { file: string } | { code: string }

/** The component of a compiled body; `file` names the MDX file in errors and in React's tools. */
export function mdxContent(file: string, body: CompiledBody): ComponentType<BodyProps> {
  function MdxContent(props: BodyProps) {
    let code: string
    try {
      code = 'code' in body ? body.code : readFileSync(body.file, 'utf8')
    } catch (error) {
      throw new Error(
        `${file}: its compiled MDX body is gone from the build cache; start the build or the dev server again`,
        { cause: error },
      )
    }
    let Body: ComponentType<BodyProps>
    try {
      Body = (new Function(code)(runtime) as { default: ComponentType<BodyProps> }).default
    } catch (error) {
      throw new Error(`${file}: its compiled MDX body does not run`, { cause: error })
    }
    return createElement(Body, props)
  }
  MdxContent.displayName = `MdxContent(${file})`
  return MdxContent
}
