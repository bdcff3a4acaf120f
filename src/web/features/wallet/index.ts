/** The wallet (decision 067): the profile section and the /withdrawal page's parts. */
export { WalletSection } from './wallet-section';
export { WithdrawalPanel } from './withdrawal-panel';
