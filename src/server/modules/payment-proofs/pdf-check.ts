// Moved to the shared storage layer (guide applications check qualification PDFs the same way).
export { checkPdf, type PdfVerdict } from '../../storage/pdf-check';
