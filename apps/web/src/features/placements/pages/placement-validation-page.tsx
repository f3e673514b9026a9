import { ClearOutlined } from '@ant-design/icons';
import { CTR_MIN_IMPRESSIONS, type EndpointResponse, type placementHealth } from '@ads/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListPage } from '../../../shared/list/list-page';
import { ListResults } from '../../../shared/list/list-results';
import { usePlacementHealth } from '../api';
import { countText, placementErrorText } from '../components/placement-format';
import { PlacementSlotSelect } from '../components/placement-filters';
import { PlacementHealthTable } from '../components/placement-health-table';
import { PLACEMENT_PAGE_SIZES, placementHealthQuery, usePlacementHealthState } from '../components/placement-state';
import { Button } from '../../../shared/ui/button';
import '../../../shared/list/list-kit.css';
import '../components/placements.css';
import '../messages/register';
import { Statistic } from '../../../shared/ui/statistic';
import { PlainSwitch } from '../../../shared/ui/plain-controls';

type Summary = EndpointResponse<typeof placementHealth>['summary'];
const FIGURES = ['live', 'served', 'flagged', 'impressions', 'clicks'] as const satisfies readonly (keyof Summary)[];

/**
 * The strip over the list: live placements and their last 24 hours, as delivery recorded them. Drawn
 * before the figures come (a dash each), so that the list below does not move when they do.
 */
function HealthSummary({ summary }: { summary: Summary | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="placement-summary" aria-label={t('inventory.placements.health.summary')}>
      {FIGURES.map((figure) => (
        <li key={figure} className="placement-stat">
          <Statistic
            title={t(`inventory.placements.health.stat.${figure}`)}
            value={summary?.[figure] ?? 0}
            formatter={(value) => (summary ? countText(value, i18n.language) : '–')}
          />
        </li>
      ))}
    </ul>
  );
}

/** Placement Validation: the health of live placements over the last 24 hours, outliers flagged. */
export default function PlacementValidationPage() {
  const { t, i18n } = useTranslation();
  const flaggedId = useId();
  const [state, update] = usePlacementHealthState();
  const query = useMemo(() => placementHealthQuery(state), [state]);
  const health = usePlacementHealth(query);
  const items = health.data?.items ?? [];
  const filtered = !!(state.slot || state.flagged);
  // Flagged only with nothing flagged is good news, not a miss.
  const emptyText =
    state.flagged && !state.slot
      ? t('inventory.placements.health.noneFlagged')
      : filtered
        ? t('inventory.placements.health.noMatches')
        : t('inventory.placements.health.empty');

  return (
    <ListPage
      className="placement-page"
      title={t('pages.adPlacementManagement/validation.title')}
      intro={
        <>
          <p className="placement-intro">{t('inventory.placements.health.intro')}</p>
          <HealthSummary summary={health.data?.summary} />
        </>
      }
      scopeId="placement-health-scope"
      toolbar={
        <div className="list-toolbar" role="search" aria-label={t('inventory.placements.filters.label')}>
          <PlacementSlotSelect value={state.slot} onChange={(slot) => update({ slot })} />
          <span className="placement-switch">
            <PlainSwitch id={flaggedId} checked={state.flagged} onChange={(flagged) => update({ flagged })} />
            <label htmlFor={flaggedId}>{t('inventory.placements.health.flaggedOnly')}</label>
          </span>
        </div>
      }
      scope={t('inventory.placements.health.scope')}
      count={health.data && t('inventory.placements.count', { count: health.data.total })}
    >
      <ListResults
        query={health}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PLACEMENT_PAGE_SIZES}
        update={update}
        rangeText={(range) => t('inventory.placements.range', range)}
        errorText={(error) => placementErrorText(t, error)}
        retryLabel={t('inventory.placements.retry')}
        empty={!items.length}
        emptyText={emptyText}
        emptyAction={
          filtered && (
            <Button icon={<ClearOutlined />} onClick={() => update({ slot: undefined, flagged: false })}>
              {t('inventory.placements.clearFilters')}
            </Button>
          )
        }
      >
        {() => <PlacementHealthTable items={items} loading={health.isFetching} />}
      </ListResults>
      <p className="list-muted placement-small">{t('inventory.placements.health.rule', { min: countText(CTR_MIN_IMPRESSIONS, i18n.language) })}</p>
    </ListPage>
  );
}
