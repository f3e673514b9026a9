/** Where a list's view (its table, a series' order, the bin) shows while that view's chunk loads. */
export function ListViewLoading() {
  return <div className="list-view-loading" aria-busy="true" />;
}
