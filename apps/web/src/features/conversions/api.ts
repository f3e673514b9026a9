import { keepPreviousData } from '@tanstack/react-query';
import { useContractMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { useHasPower } from '../../shared/use-has-power';
import { conversionKeys, type ConversionListQuery } from './query-keys';

// Conversion tracking's data: the advertiser's tag (made by the server on first read) and the
// conversions it reported.

export const useCanReadConversions = (): boolean => useHasPower('campaign.read');
export const useCanEditConversionTag = (): boolean => useHasPower('campaign.write');

export const useConversionTag = (enabled = true) =>
  useContractQuery('conversions.conversionTag', {}, { queryKey: conversionKeys.tag(), enabled, retry: false });

export const useConversionList = (query: ConversionListQuery, enabled = true) =>
  useContractQuery('conversions.conversionList', query, { queryKey: conversionKeys.list(query), placeholderData: keepPreviousData, enabled });

// People wait on these answers: offline they fail and say so.
export const useUpdateConversionTag = () => useContractMutation('conversions.updateConversionTag', { invalidates: [conversionKeys.tag()], networkMode: 'always' });
export const useRotateConversionSecret = () => useContractMutation('conversions.rotateConversionSecret', { invalidates: [conversionKeys.tag()], networkMode: 'always' });
