import type { BidStatus } from '@erp/entities';
import { http, unwrap } from '../../platform/http.ts';

export interface BidItem {
  lot: string;
  name: string;
  qty: string;
  unit?: string | null;
  budget?: string | null;
}

export interface ProjectRow {
  id: number;
  name: string;
  code: string | null;
  status: BidStatus;
  tendererId: number;
  tendererName: string;
  agency: string | null;
  budget: string | null;
  ourPrice: string | null;
  registrationDeadline: string | null;
  openingDate: string | null;
  validUntil: string | null;
  resultDate: string | null;
  remark: string | null;
  depositOut?: string;
}

export interface Bidder {
  id?: number;
  name: string;
  isSelf?: boolean;
  analysis?: string | null;
  expectedPrice?: string | null;
  openingPrice?: string | null;
  score?: string | null;
  winner?: boolean;
}

export interface MoneyRow {
  id: number;
  number: string;
  kind: 'deposit' | 'fee';
  amount: string;
  status: '0' | '1' | '9';
  payState: 'unpaid' | 'paid' | 'recovered' | 'forfeited';
  purpose: string | null;
  paidDate: string | null;
  settledDate: string | null;
  projectId: number;
  projectName: string;
  tendererName: string;
}

export interface ReviewLine {
  id?: number;
  kind?: 'document' | 'qualification';
  item: string;
  reviewerId?: number | null;
  reviewerName?: string | null;
  result: 'pending' | 'pass' | 'fail';
  evidence?: string | null;
  remark?: string | null;
}

export interface ProjectDetail extends ProjectRow {
  items: BidItem[];
  bidders: Bidder[];
  money: MoneyRow[];
  reviews: ReviewLine[];
  log: Array<{ from: BidStatus | null; to: BidStatus; remark: string | null; actorName: string | null; time: string }>;
}

export interface SummaryRow {
  id: number;
  number: string;
  outstanding: string;
  paidDate: string;
  ageDays: number;
  projectName: string;
  partnerName: string;
  resultDate: string | null;
  overdue: boolean;
}

export interface Summary {
  asOf: string;
  overdueDays: number;
  total: string;
  overdue: number;
  rows: SummaryRow[];
  byProject: Array<{ id: number; name: string; outstanding: string; count: number }>;
  byPartner: Array<{ id: number; name: string; outstanding: string; count: number }>;
}

export interface Analysis {
  won: number;
  lost: number;
  winRate: string | null;
  byParty: Array<{ party: string; won: number; lost: number; winRate: string | null }>;
  projects: Array<{
    id: number;
    name: string;
    status: BidStatus;
    tendererName: string;
    resultDate: string | null;
    ourPrice: string | null;
    winnerName: string | null;
    winningPrice: string | null;
    lowestPrice: string | null;
    bidders: number;
    gapPercent: string | null;
  }>;
}

export interface Dashboard {
  pipeline: Array<{ status: BidStatus; count: number; budget: string }>;
  won: number;
  lost: number;
  winRate: string | null;
  depositOutstanding: string;
  depositOverdue: number;
  byParty: Analysis['byParty'];
}

export interface Workbench {
  from: string;
  to: string;
  due: Array<{ id: number; name: string; status: BidStatus; registrationDeadline: string | null; openingDate: string | null }>;
  pending: Array<{ id: number; number: string; kind: 'deposit' | 'fee'; amount: string; status: string; projectName: string }>;
  recover: SummaryRow[];
  depositOutstanding: string;
  depositOverdue: number;
  counts: Array<{ status: BidStatus; count: number }>;
}

export type ProjectInput = Omit<ProjectRow, 'id' | 'status' | 'tendererName' | 'resultDate' | 'depositOut'> & { items: BidItem[] };
type Page = { currentPage: number; pageSize: number };
export interface Option {
  id: number;
  name: string;
}

export const bidApi = {
  projects: async (q: Page & { name?: string; status?: string }) => unwrap(await http.get<{ rows: ProjectRow[]; total: number }>('/bidding/project/list', q)),
  detail: async (id: number) => unwrap(await http.get<ProjectDetail>('/bidding/project/detail', { id })),
  add: async (d: ProjectInput) => unwrap(await http.post<{ id: number }>('/bidding/project/add', d)),
  update: async (id: number, d: ProjectInput) => unwrap(await http.put<{ id: number }>('/bidding/project/update', { id, ...d })),
  move: async (id: number, to: BidStatus) => unwrap(await http.post('/bidding/project/move', { id, to })),
  saveBidders: async (projectId: number, bidders: Bidder[], opening: boolean) =>
    unwrap(await http.post(opening ? '/bidding/opening/save' : '/bidding/bidder/save', { projectId, bidders })),
  result: async (projectId: number, winnerId: number) => unwrap(await http.post('/bidding/result/register', { projectId, winnerId })),
  money: async (q: Page & { kind?: 'deposit' | 'fee'; payState?: string }) =>
    unwrap(await http.get<{ rows: MoneyRow[]; total: number }>('/bidding/money/list', q)),
  addMoney: async (kind: 'deposit' | 'fee', d: { projectId: number; amount: string; accountId?: number; purpose?: string }) =>
    unwrap(await http.post<{ id: number; number: string }>(`/bidding/${kind}/add`, d)),
  audit: async (kind: 'deposit' | 'fee', id: number) => unwrap(await http.post(`/bidding/${kind}/audit`, { id })),
  pay: async (kind: 'deposit' | 'fee', id: number, date: string, accountId?: number) =>
    unwrap(await http.post(`/bidding/${kind}/pay`, { id, date, accountId })),
  removeMoney: async (kind: 'deposit' | 'fee', id: number) => unwrap(await http.delete(`/bidding/${kind}/delete`, { id })),
  recover: async (id: number, date: string, accountId?: number) => unwrap(await http.post('/bidding/deposit/recover', { id, date, accountId })),
  forfeit: async (id: number, date: string) => unwrap(await http.post('/bidding/deposit/forfeit', { id, date })),
  summary: async (overdueDays: number) => unwrap(await http.get<Summary>('/bidding/deposit/summary', { overdueDays })),
  reviews: async (projectId: number, kind: 'document' | 'qualification', lines: ReviewLine[]) =>
    unwrap(await http.post(`/bidding/review/${kind}`, { projectId, lines })),
  analysis: async () => unwrap(await http.get<Analysis>('/bidding/analysis')),
  dashboard: async () => unwrap(await http.get<Dashboard>('/bidding/dashboard')),
  workbench: async () => unwrap(await http.get<Workbench>('/bidding/workbench')),
  partners: async () => unwrap(await http.get<Option[]>('/supplier/findBySelect_organ')),
  accounts: async () => unwrap(await http.get<Option[]>('/account/getAccount')),
  users: async () => unwrap(await http.get<{ rows: Array<{ id: number; username: string }> }>('/user/list', { currentPage: 1, pageSize: 9999 })).rows,
};
