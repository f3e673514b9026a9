import type { CatalogueSlot } from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useSlotChoices } from '../api';
import { useWizard } from './wizard-context';
import { Button } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/alert';
import { Select } from '../../../shared/ui/select';

// The ad slots an ad group targets in 'chosen' mode. The catalogue is searched on the server (it
// is every publisher's live slots); the wizard keeps every slot it was answered, so a chosen slot
// keeps its name whatever the current search lists.

const SEARCH_PAUSE_MS = 250;

/** "Homepage leaderboard — Daily Brew · 728×90 banner · dailybrew.example" */
const slotLabel = (t: TFunction, slot: CatalogueSlot): string =>
  t('campaigns.wizard.slots.label', {
    name: slot.name,
    publisher: slot.publisher.name,
    width: slot.width,
    height: slot.height,
    format: t(`campaigns.wizard.slots.formats.${slot.format}`),
    property: slot.propertyName,
  });

/** The catalogue's answer to `search`, its slots learned by the wizard. */
export function useSlotChoicesLearned(search: string, enabled = true) {
  const { learnSlots } = useWizard();
  const choices = useSlotChoices(search, enabled);
  const items = choices.data?.items;
  useEffect(() => {
    if (items) learnSlots(items);
  }, [items, learnSlots]);
  return choices;
}

/**
 * A chosen slot's label; a slot id not yet in any answer (a saved draft's) reads "Slot #id".
 * `listed`: the answer on screen, which the wizard learns only after it rendered.
 */
export function useSlotLabel(listed: readonly CatalogueSlot[] = []): (id: number) => string {
  const { t } = useTranslation();
  const { slots } = useWizard();
  return (id: number) => {
    const slot = listed.find((item) => item.id === id) ?? slots.get(id);
    return slot ? slotLabel(t, slot) : t('campaigns.wizard.slots.unknown', { id });
  };
}

export function SlotPicker({ id, value, onChange }: { id: string; value: number[]; onChange: (slotIds: number[]) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const choices = useSlotChoicesLearned(search);
  const listed = choices.data?.items;
  const labelOf = useSlotLabel(listed);
  // The server's 'allowed' lists no disapproved slot; one listed anyway could not be saved.
  const options = (listed ?? []).map((slot) => ({ value: slot.id, label: slotLabel(t, slot), disabled: slot.disapproval !== null }));

  return (
    <>
      <Select<{ value: number; label: string }[]>
        id={id}
        mode="multiple"
        // Chosen slots carry their own labels: the options hold only the current search's.
        labelInValue
        value={value.map((slotId) => ({ value: slotId, label: labelOf(slotId) }))}
        onChange={(chosen) => onChange(chosen.map((slot) => slot.value))}
        // Kept after a pick, so that several slots of one search are picked in a row.
        showSearch={{ filterOption: false, searchValue: typed, autoClearSearchValue: false, onSearch: setTyped }}
        onBlur={() => setTyped('')}
        options={options}
        loading={choices.isFetching}
        // Words, not antd's Spin: the Select's own icon spins already, and Spin would add 2 KB to the wizard.
        notFoundContent={t(choices.isFetching ? 'campaigns.wizard.slots.loading' : choices.isError ? 'campaigns.wizard.slots.loadError' : 'campaigns.wizard.slots.noMatches')}
        placeholder={t('campaigns.wizard.slots.search')}
      />
      {choices.isError && (
        <Alert
          className="wizard-inline-alert"
          type="error"
          showIcon
          title={t('campaigns.wizard.slots.loadError')}
          action={
            <Button size="small" onClick={() => void choices.refetch()}>
              {t('campaigns.wizard.picker.retry')}
            </Button>
          }
        />
      )}
    </>
  );
}
