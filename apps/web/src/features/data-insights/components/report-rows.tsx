import type { Report, ReportMetric } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { KeyboardScroll } from '../../../shared/list/keyboard-scroll';
import { ListPagination } from '../../../shared/list/list-pagination';
import { changeOf, formatChange, formatMetric } from '../../../shared/metric-format';
import { useRegionName } from '../../../shared/region-name';
import { REPORT_PAGE_SIZES, type ReportState, type useReportState } from './report-state';
import { Table, type TableColumnsType, type SortOrder } from '../../../shared/ui/table';

// The rows by the chosen breakdown, with their pagination: loaded by report-view.tsx only once a
// breakdown is chosen (a report opens without one), so antd's table is not part of its first load.

type Row = Report['rows'][number] & { key: string };

export default function ReportRows({
  report,
  state,
  loading,
  update,
}: {
  report: Report;
  state: Pick<ReportState, 'sort' | 'order' | 'page' | 'pageSize'>;
  loading: boolean;
  update: ReturnType<typeof useReportState>[1];
}) {
  const { t } = useTranslation();
  return (
    <>
      <RowsTable report={report} sort={state.sort} order={state.order} loading={loading} onSort={(sort, order) => update({ sort, order })} />
      <ListPagination
        total={report.total}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={REPORT_PAGE_SIZES}
        rangeText={(range) => t('dataInsights.rowRange', range)}
        onChange={update}
      />
    </>
  );
}

function RowsTable({
  report,
  sort,
  order,
  loading,
  onSort,
}: {
  report: Report;
  sort?: string;
  order: 'asc' | 'desc';
  loading: boolean;
  onSort: (sort: string, order: 'asc' | 'desc') => void;
}) {
  const { t } = useTranslation();
  const regionName = useRegionName();
  const sortOrder = (key: string): SortOrder => (sort === key ? (order === 'asc' ? 'ascend' : 'descend') : null);
  const keyLabel = (dimension: string, id: string, label: string) =>
    id === '' ? t('dataInsights.none') : dimension === 'device' ? t(`dataInsights.device.${id}`, { defaultValue: label }) : dimension === 'region' ? regionName(id) : label;
  const columns: TableColumnsType<Row> = [
    ...report.dimensions.map((dimension, i) => ({
      key: dimension,
      title: t(`dataInsights.dimension.${dimension}`),
      sorter: true,
      sortOrder: sortOrder(dimension),
      render: (_: unknown, row: Row) => keyLabel(dimension, row.keys[i]!.id, row.keys[i]!.label),
    })),
    ...report.metrics.map((metric) => ({
      key: metric,
      title: t(`dataInsights.metric.${metric}`),
      align: 'right' as const,
      sorter: true,
      sortOrder: sortOrder(metric) ?? (!sort && metric === 'impressions' ? ('descend' as const) : null),
      render: (_: unknown, row: Row) => <Figure metric={metric} value={row.values[metric]} previous={row.previous?.[metric]} report={report} />,
    })),
  ];
  return (
    <KeyboardScroll>
      <Table<Row>
        className="insight-table"
        rowKey="key"
        size="middle"
        columns={columns}
        dataSource={report.rows.map((row) => ({ ...row, key: row.keys.map((k) => k.id).join('/') }))}
        loading={loading}
        pagination={false}
        scroll={{ x: 160 * report.dimensions.length + 120 * report.metrics.length }}
        sortDirections={['descend', 'ascend', 'descend']}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          if (s?.columnKey) onSort(String(s.columnKey), s.order === 'ascend' ? 'asc' : 'desc');
        }}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row className="insight-total">
              {report.dimensions.map((dimension, i) => (
                <Table.Summary.Cell key={dimension} index={i}>
                  {i === 0 ? t('dataInsights.total') : ''}
                </Table.Summary.Cell>
              ))}
              {report.metrics.map((metric, i) => (
                <Table.Summary.Cell key={metric} index={report.dimensions.length + i} align="right">
                  <Figure metric={metric} value={report.totals[metric]} previous={report.previousTotals?.[metric]} report={report} />
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </KeyboardScroll>
  );
}

/** A figure, and under it its change against the previous period (when compared). */
function Figure({ metric, value, previous, report }: { metric: ReportMetric; value: number | null | undefined; previous: number | null | undefined; report: Report }) {
  const { i18n } = useTranslation();
  const change = report.previousTotals ? changeOf(value, previous) : null;
  return (
    <>
      <div>{formatMetric(metric, value, report.currency, i18n.language)}</div>
      {change !== null && change !== 0 && <div className={`insight-delta ${change > 0 ? 'is-up' : 'is-down'}`}>{formatChange(change, i18n.language)}</div>}
    </>
  );
}
