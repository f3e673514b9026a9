import type { ReportType } from '@ads/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { keepPreviousData } from '@tanstack/react-query';
import { useContractQuery } from '../../../shared/data/use-contract-query';
import { insightKeys } from '../query-keys';
import { Select } from '../../../shared/ui/select';
import { Spin } from '../../../shared/ui/spin';

// Staff's account picker: every account's figures by default, or one account of the report's kind,
// found by name as the user types (the accounts' picker call, at most 20 matches).

const SEARCH_DELAY_MS = 300;
const ALL = 'all';

/** Accounts of the report's kind whose name contains `search` (at most 20); with `id`, that one account. */
const useAccountOptions = (kind: ReportType, search: string, id?: number, enabled = true) =>
  useContractQuery('identity.accountOptions', { kind, ...(search ? { search } : {}), ...(id ? { id } : {}) }, {
    queryKey: insightKeys.accounts(kind, search, id),
    enabled,
    // Typing keeps the previous matches on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export default function AccountPicker({ type, accountId, onChange }: { type: ReportType; accountId?: number; onChange: (accountId: number | undefined) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const searched = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const matches = useAccountOptions(type, searched, undefined, open);
  // The chosen account's name (it may not be among the first matches).
  const chosen = useAccountOptions(type, '', accountId, accountId !== undefined);
  const chosenAccount = chosen.data?.items.find((a) => a.id === accountId);
  const found = (matches.data?.items ?? []).filter((a) => a.id !== chosenAccount?.id);
  const options = [
    ...(search ? [] : [{ value: ALL, label: t('dataInsights.account.all') }]),
    ...(chosenAccount && !search ? [{ value: chosenAccount.id, label: chosenAccount.name }] : []),
    ...found.map((a) => ({ value: a.id, label: a.name })),
  ];

  return (
    <label className="insight-field insight-account">
      <span>{t('dataInsights.account.label')}</span>
      <Select<number | typeof ALL>
        value={accountId ?? ALL}
        // Until its name arrives, a chosen account shows empty rather than its number.
        labelRender={(option) => (option.value === ALL ? t('dataInsights.account.all') : (chosenAccount?.name ?? option.label ?? ''))}
        showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
        options={options}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setSearch('');
        }}
        onChange={(value) => {
          setSearch('');
          onChange(value === ALL ? undefined : value);
        }}
        loading={matches.isFetching}
        notFoundContent={matches.isFetching ? <Spin size="small" /> : matches.isError ? t('dataInsights.account.failed') : t('dataInsights.account.none')}
        placeholder={t('dataInsights.account.search')}
        aria-label={t('dataInsights.account.label')}
        popupMatchSelectWidth={false}
        className="insight-account-select"
      />
    </label>
  );
}
