import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { CLICK_WAIT_MINUTES, CONVERSION_STATUSES, type Conversion, type ConversionStatus } from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { formatDateTime } from '../../../shared/format';
import { formatMoney } from '../../../shared/money';
import { useMediaQuery } from '../../../shared/use-media-query';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Empty } from '../../../shared/ui/empty';
import { PlainSelect } from '../../../shared/ui/plain-controls';
import { Table, type TableColumnsType } from '../../../shared/ui/table';
import { Tag } from '../../../shared/ui/tag';
import { useConversionList } from '../api';
import { errorText, useAccountCurrency } from './format';

const PAGE_SIZES = [10, 20, 50, 100];
/** Below antd's `sm` breakpoint. */
const PHONE = '(max-width: 575.98px)';
const STATUS_COLOR: Record<ConversionStatus, string> = { attributed: 'success', unattributed: 'warning', pending: 'blue' };

/** A conversion's status in words: counted, not counted and why, or waiting for its click. */
export function ConversionStatusTag({ conversion }: { conversion: Pick<Conversion, 'status' | 'reason'> }) {
  const { t } = useTranslation();
  return (
    <div className="conversion-status">
      <Tag color={STATUS_COLOR[conversion.status]}>{t(`conversions.status.${conversion.status}`)}</Tag>
      {conversion.status === 'unattributed' && conversion.reason && <span className="conversion-reason">{t(`conversions.reason.${conversion.reason}`)}</span>}
      {conversion.status === 'pending' && <span className="conversion-reason">{t('conversions.pendingHelp', { minutes: CLICK_WAIT_MINUTES })}</span>}
    </div>
  );
}

/** The conversions reported, newest first: filtered by status, paged; empty, how to install the tag. */
export function RecentConversions({ onShowSetup }: { onShowSetup: () => void }) {
  const { t, i18n } = useTranslation();
  const currency = useAccountCurrency();
  const [status, setStatus] = useState<ConversionStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const list = useConversionList({ status, page, pageSize });
  const items = list.data?.items ?? [];
  const phone = useMediaQuery(PHONE);

  const columns: TableColumnsType<Conversion> = [
    { key: 'at', title: t('conversions.list.columns.at'), dataIndex: 'at', width: 170, render: (at: string) => formatDateTime(at, i18n.language) },
    { key: 'order', title: t('conversions.list.columns.order'), dataIndex: 'orderId', render: (order: string) => <span className="conversion-order">{order}</span> },
    { key: 'value', title: t('conversions.list.columns.value'), dataIndex: 'valueMinor', align: 'end', render: (value: number) => formatMoney(value, currency, i18n.language) },
    { key: 'source', title: t('conversions.list.columns.source'), dataIndex: 'source', render: (source: Conversion['source']) => t(`conversions.source.${source}`) },
    { key: 'status', title: t('conversions.list.columns.status'), width: 200, render: (_: unknown, conversion) => <ConversionStatusTag conversion={conversion} /> },
    {
      key: 'campaign',
      title: t('conversions.list.columns.campaign'),
      render: (_: unknown, conversion) =>
        conversion.campaignName ? (
          <div>
            <div>{conversion.campaignName}</div>
            {conversion.clickedAt && (
              <div className="conversion-reason">
                {t(conversion.via === 'view' ? 'conversions.list.viewedAt' : 'conversions.list.clickedAt', { time: formatDateTime(conversion.clickedAt, i18n.language) })}
              </div>
            )}
          </div>
        ) : (
          <span className="conversion-reason">{t('conversions.list.noCampaign')}</span>
        ),
    },
  ];
  // A phone shows each conversion in one cell, its parts on lines of their own, instead of six columns to scroll.
  const phoneColumns: TableColumnsType<Conversion> = [
    {
      key: 'conversion',
      title: t('conversions.list.columns.conversion'),
      render: (_: unknown, conversion) => (
        <div className="conversion-card">
          <div className="conversion-card-line">
            <span>{formatDateTime(conversion.at, i18n.language)}</span>
            <strong>{formatMoney(conversion.valueMinor, currency, i18n.language)}</strong>
          </div>
          <div className="conversion-card-line">
            <span className="conversion-order">{conversion.orderId}</span>
            <span className="conversion-reason">{t(`conversions.source.${conversion.source}`)}</span>
          </div>
          <ConversionStatusTag conversion={conversion} />
          {conversion.campaignName && <div>{conversion.campaignName}</div>}
        </div>
      ),
    },
  ];

  const filtered = status !== undefined;
  return (
    <div className="conversion-panel">
      <p className="conversion-help">{t('conversions.list.intro')}</p>
      <div className="conversion-toolbar">
        <PlainSelect<ConversionStatus | 'all'>
          label={t('conversions.list.status')}
          value={status ?? 'all'}
          options={[{ value: 'all', label: t('conversions.list.allStatuses') }, ...CONVERSION_STATUSES.map((value) => ({ value, label: t(`conversions.status.${value}`) }))]}
          onChange={(value) => {
            setStatus(value === 'all' ? undefined : value);
            setPage(1);
          }}
        />
        {list.data && <span className="conversion-count">{t('conversions.list.count', { count: list.data.total })}</span>}
        <Button icon={<ReloadOutlined aria-hidden />} loading={list.isFetching && !list.isPending} onClick={() => void list.refetch()}>
          {t('conversions.list.refresh')}
        </Button>
      </div>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('conversions.list.failed')}
          description={errorText(t, list.error)}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('conversions.retry')}
            </Button>
          }
        />
      ) : list.data && !items.length ? (
        <Empty
          className="conversion-empty"
          description={
            <div className="conversion-empty-text">
              <p>{filtered ? t('conversions.list.noMatches') : t('conversions.list.empty')}</p>
              {!filtered && (
                <Button type="primary" icon={<SettingOutlined aria-hidden />} onClick={onShowSetup}>
                  {t('conversions.list.showSetup')}
                </Button>
              )}
            </div>
          }
        />
      ) : (
        <Table<Conversion>
          className="conversion-table"
          rowKey="id"
          size="small"
          columns={phone ? phoneColumns : columns}
          dataSource={items}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          scroll={phone ? undefined : { x: 860 }}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total, [from, to]) => t('conversions.list.range', { from, to, total }),
            onChange: (nextPage, nextSize) => {
              setPage(nextSize !== pageSize ? 1 : nextPage);
              setPageSize(nextSize);
            },
          }}
        />
      )}
    </div>
  );
}
