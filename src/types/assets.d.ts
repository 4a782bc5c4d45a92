declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
/** A repository Markdown document (content/), rendered to HTML at build time by scripts/markdown/document.js. */
declare module '*.md' {
  const document: {
    /** The text of its one `#` heading. */
    title: string;
    /** "27 November 2026", as written in its "Last updated:" line. */
    lastUpdated: string;
    /** The same day as YYYY-MM-DD. */
    lastUpdatedIso: string;
    /** Its body as HTML: headings from h2 on, no raw HTML, links to this site, https:, mailto: and tel: only. */
    html: string;
  };
  export default document;
}
