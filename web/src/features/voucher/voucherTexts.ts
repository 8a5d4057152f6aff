/** Customer spec §4 / §8 / §9: every word and timing of the voucher box, one place. */
export const VOUCHER_PLACEHOLDER = 'If you have a voucher code, enter it here';
export const WAITING_FOR_CODE = 'waiting for a code';
export const WAITING_FOR_TYPING = 'Waiting for you to stop typing...';
/** Spec §5/§9: a check is sent this long after the last keystroke. */
export const VOUCHER_PAUSE_MS = 1500;
/** Spec §8/§9: the success dialogs close after this long. */
export const VOUCHER_DIALOG_MS = 1700;
export const CHECK_FAILED = 'Sorry, there was an error while checking your voucher code';
export const STATUS_FETCH_FAILED = 'There was an ERROR fetching vouchers status for this store';
export const REMOVE_FAILED = 'There was an ERROR deleting voucher from this order';
export const addedMessage = (code: string) => `Voucher '${code}' has been added to your order`;
export const REMOVED_MESSAGE = 'Voucher has been removed from this order';
export const removeTitle = (code: string) => `Remove Voucher: '${code}'`;
export const REMOVE_QUESTION = "Are you sure? You may choose to use it (or any other voucher code) up 'til payment is complete";
