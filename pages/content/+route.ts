// Pages whose address comes from content: each file in content/pages/ (at its `path`) and each
// document in content/legal/ (at /<file name>). Adding such a page is adding a file. The glob is
// the least specific route, so /industries/@id and any future folder route take precedence.
export default '/*'
