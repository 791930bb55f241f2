import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DocType } from '@erp/entities/document-types';
import { useDict } from '../../../platform/crud/dict.ts';
import { documentApi } from './document-api.ts';

/** The choices a document form offers (warehouses, accounts, partners, people, order types), loaded while it is open. */
export function useDocumentOptions(docType: DocType, open: boolean) {
  const sales = docType.partner === '客户' || docType.partner === '会员';
  const depots = useQuery({ queryKey: ['bill-depots'], queryFn: documentApi.depots, enabled: open, staleTime: 60000 });
  const accounts = useQuery({ queryKey: ['bill-accounts'], queryFn: documentApi.accounts, enabled: open && Boolean(docType.partner), staleTime: 60000 });
  const partners = useQuery({
    queryKey: ['bill-partners', docType.partner],
    queryFn: () => documentApi.partners(docType.partner!),
    enabled: open && Boolean(docType.partner),
    staleTime: 60000,
  });
  const salespeople = useQuery({ queryKey: ['bill-salespeople'], queryFn: documentApi.salespeople, enabled: open && sales, staleTime: 60000 });
  const keepers = useQuery({ queryKey: ['bill-keepers'], queryFn: documentApi.keepers, enabled: open, staleTime: 60000 });
  const orderTypeDict = useDict(open && docType.partner === '客户' ? 'order_type' : undefined);
  const orderTypes = useMemo(() => (orderTypeDict.data ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel })), [orderTypeDict.data]);
  const bySale = useQuery({ queryKey: ['bill-purchase-by-sale'], queryFn: documentApi.purchaseBySale, enabled: open && Boolean(docType.alsoFrom) });
  const depotOptions = useMemo(() => (depots.data ?? []).map((d) => ({ value: d.id, label: d.name })), [depots.data]);
  const defaultDepot = () => depots.data?.find((d) => (d as { isDefault?: boolean }).isDefault)?.id ?? depots.data?.[0]?.id;
  return { depots, accounts, partners, salespeople, keepers, orderTypes, bySale, depotOptions, defaultDepot };
}

/** 库区 to choose on the lines of an inbound or outbound document (none while the company's reservoir switch is off). */
export function useReservoirOptions(docType: DocType) {
  const q = useQuery({
    queryKey: ['bill-reservoir-areas'],
    queryFn: documentApi.reservoirAreas,
    enabled: docType.stock === 1 || docType.stock === -1 || docType.stock === 'transfer',
    staleTime: 60000,
  });
  return q.data;
}
