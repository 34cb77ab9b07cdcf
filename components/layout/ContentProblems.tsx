import type { ContentError } from '../../site/content.ts'
import { Container } from '../ui/Container.tsx'

/**
 * The dev server's panel for a page whose content has problems: each at its file:line:col, with
 * the field and the sentence that says what to change. Saving the fixed file shows the page again
 * (renderer/dev-content-refresh.ts).
 */
export function ContentProblems({ problems }: { problems: readonly ContentError[] }) {
  return (
    <Container className="py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-red-800">
        This page’s content has{' '}
        {problems.length === 1 ? 'a problem' : `${problems.length} problems`}
      </h1>
      <ol className="mt-6 space-y-3" aria-label="Content problems">
        {problems.map((problem) => (
          <li
            key={`${problem.file}:${problem.line}:${problem.column}:${problem.field}`}
            className="rounded-md border border-red-200 bg-red-50 p-4 text-slate-900"
          >
            <code className="font-semibold">
              {problem.file}:{problem.line}:{problem.column}
            </code>{' '}
            <code>{problem.field}</code>
            <p className="mt-1">{problem.message}</p>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-muted">
        Fix the file and save it: this page shows itself again, with no reload. Other pages keep
        working meanwhile; <code>npm run check:content</code> lists every problem in every file.
      </p>
    </Container>
  )
}
