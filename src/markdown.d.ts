/** A Markdown file rendered to HTML at build time (vite.config.ts, markdownHtml). */
declare module '*.md?html' {
  const html: string;
  export default html;
}
