/** The back office's screens (`/takeaway`, `/takeaway-oos`, ...): the kitchen's, not a customer's. */
export const isStaffScreen = (pathname: string) => pathname.startsWith('/takeaway');
