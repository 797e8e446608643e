/** What other features may use of the TOC editor: the section a book page shows. */
export { TocSection } from './components/toc-section.tsx';
