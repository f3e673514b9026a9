import * as antd from 'antd';
import { scoped } from './antd-scope';

// antd's table (sorting, fixed columns, summary rows) in its scope (antd-scope.tsx). The list
// pages reach it through shared/list (ListTable), which adds paging and selection in the URL.

export type { TableColumnsType, TableProps } from 'antd';
export type { ColumnType, SorterResult, SortOrder } from 'antd/es/table/interface';
export const Table = /* @__PURE__ */ scoped(antd.Table);
