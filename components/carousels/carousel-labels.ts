// The words both carousels take from content: the group's name, the two buttons, and a slide's
// label as a template ("{index} of {count}").
export interface CarouselLabels {
  /** Name of the carousel group, e.g. "Our interviewers". */
  carousel: string
  previous: string
  next: string
  /** A slide's label; "{index}" and "{count}" are replaced, e.g. "{index} of {count}". */
  slide: string
}

/** A label template filled for the slide at `index` (from 0) of `count`. */
export const fillLabel = (template: string, index: number, count: number) =>
  template.replaceAll('{index}', String(index + 1)).replaceAll('{count}', String(count))
