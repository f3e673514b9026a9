/** Where a request is shown: Request Approvals with its drawer open (notifications link the same way). */
export const contentRequestLink = (id: number) => `/publisherContent/requestApprovals?request=${id}`;
