// The guides and scorecards sections: cards of every entry in the collection of the same name,
// each with a button that opens the request dialog.
import { sectionSchema, text } from '../fields.ts'

const requestCards = <T extends 'guides' | 'scorecards'>(type: T) =>
  sectionSchema(type, type, {
    featuredLabel: text('The badge on the featured item, e.g. "Featured".'),
    requestLabel: text('The words on each request button, e.g. "Request Guide".'),
    contentsLabel: text('The heading above each item’s list of contents, e.g. "Inside".'),
  })

export const guidesSection = requestCards('guides')
export const scorecardsSection = requestCards('scorecards')
