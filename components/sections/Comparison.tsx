import { CheckCircle2, XCircle } from 'lucide-react'
import { SectionShell, type SectionHeadingProps } from './SectionShell.tsx'

type Side = { title: string; description: string }

export interface ComparisonProps extends SectionHeadingProps {
  id?: string
  headingId: string
  humanLabel: string
  automatedLabel: string
  rows: { human: Side; automated: Side }[]
}

/** Human-led versus automated, row by row, as a real table. */
export function Comparison({ humanLabel, automatedLabel, rows, ...heading }: ComparisonProps) {
  return (
    <SectionShell {...heading}>
      <div className="overflow-hidden rounded-xl border border-slate-200 shadow-sm">
        <table className="w-full border-collapse text-left" data-comparison>
          <thead className="hidden bg-slate-50 md:table-header-group">
            <tr>
              <th scope="col" className="w-1/2 px-6 py-4 font-semibold text-brand-800">
                {humanLabel}
              </th>
              <th scope="col" className="w-1/2 px-6 py-4 font-semibold text-slate-700">
                {automatedLabel}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row) => (
              <tr key={row.human.title} className="flex flex-col md:table-row">
                <td className="px-6 py-5 align-top md:border-r md:border-slate-200">
                  <span className="mb-2 block text-xs font-semibold tracking-wide text-brand-800 uppercase md:hidden">
                    {humanLabel}
                  </span>
                  <p className="flex gap-2 font-semibold text-ink">
                    <CheckCircle2
                      aria-hidden="true"
                      className="mt-0.5 size-5 shrink-0 text-brand-700"
                    />
                    {row.human.title}
                  </p>
                  <p className="mt-1 pl-7 text-muted">{row.human.description}</p>
                </td>
                <td className="bg-slate-50/60 px-6 py-5 align-top">
                  <span className="mb-2 block text-xs font-semibold tracking-wide text-slate-700 uppercase md:hidden">
                    {automatedLabel}
                  </span>
                  <p className="flex gap-2 font-semibold text-slate-700">
                    <XCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
                    {row.automated.title}
                  </p>
                  <p className="mt-1 pl-7 text-muted">{row.automated.description}</p>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SectionShell>
  )
}
