// Runs a body compiled by ./mdx-compiler.ts when its page is rendered. The content module holds
// each body as the text of a function, not as a module of its own (why: ./mdx-compiler.ts), and
// this is what MDX's own `runSync` does with such a text: call it with React's JSX runtime.
// A body is run each time it is rendered, so no page keeps another's compiled body alive; V8's
// compilation cache makes a second run of the same text cheap.
import { createElement, type ComponentType } from 'react'
import * as runtime from 'react/jsx-runtime'
/** What the body is rendered with: the writer components, by name (content/index.ts). */
type BodyProps = { components?: Record<string, ComponentType<never>> }

/** The component of a compiled body; `file` names it in errors and in React's tools. */
export function mdxContent(file: string, code: string): ComponentType<BodyProps> {
  function MdxContent(props: BodyProps) {
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
