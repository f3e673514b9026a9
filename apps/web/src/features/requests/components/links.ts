/** Where a request is shown: the request page with its drawer open (notifications link the same way). */
export const requestLink = (id: number) => `/requestManagement/statusManagement?request=${id}`;
