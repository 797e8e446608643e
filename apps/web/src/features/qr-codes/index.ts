/** What other features may use of QR codes: a book's QR section (the book page's tab). */
export { BookQrSection } from './components/book-qr-section.tsx';
