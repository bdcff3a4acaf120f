export { useReceipts } from './api/receipts';
export { ReceiptDocument } from './components/receipt-document';
export { ReceiptsLink } from './components/receipts-link';
