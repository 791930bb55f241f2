/**
 * A tender project's life (issue 21, docs/bidding.md): information → survey → qualification self-assessment →
 * registration → proposal and document review → opening → won / lost / abandoned → closed. One table for the
 * server (which refuses any other move) and the screens (labels, colours, the next step's button).
 */
export const BID_STATUSES = ['info', 'survey', 'qualification', 'registration', 'proposal', 'opening', 'won', 'lost', 'abandoned', 'closed'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export const BID_STATUS_LABEL: Record<BidStatus, { zh: string; en: string; color: string }> = {
  info: { zh: '项目信息', en: 'Information', color: 'default' },
  survey: { zh: '踏勘调研', en: 'Survey', color: 'cyan' },
  qualification: { zh: '资质自评', en: 'Qualification', color: 'blue' },
  registration: { zh: '报名', en: 'Registration', color: 'geekblue' },
  proposal: { zh: '方案与标书评审', en: 'Proposal & review', color: 'purple' },
  opening: { zh: '开标', en: 'Opening', color: 'orange' },
  won: { zh: '中标', en: 'Won', color: 'green' },
  lost: { zh: '未中标', en: 'Lost', color: 'red' },
  abandoned: { zh: '放弃', en: 'Abandoned', color: 'default' },
  closed: { zh: '已关闭', en: 'Closed', color: 'default' },
};

const BEFORE_RESULT: BidStatus[] = ['info', 'survey', 'qualification', 'registration', 'proposal', 'opening'];

/** The moves allowed from each status: the next step, abandoning before the result, closing after it. */
export const BID_MOVES: Record<BidStatus, BidStatus[]> = {
  info: ['survey', 'abandoned'],
  survey: ['qualification', 'abandoned'],
  qualification: ['registration', 'abandoned'],
  registration: ['proposal', 'abandoned'],
  proposal: ['opening', 'abandoned'],
  opening: ['won', 'lost', 'abandoned'],
  won: ['closed'],
  lost: ['closed'],
  abandoned: ['closed'],
  closed: [],
};

export const bidStatusOpen = (s: BidStatus) => BEFORE_RESULT.includes(s);

/** The refusal of a move the table does not allow. */
export const bidMoveRefused = (project: string, from: BidStatus, to: BidStatus) =>
  `项目“${project}”当前为“${BID_STATUS_LABEL[from].zh}”，不能转为“${BID_STATUS_LABEL[to].zh}”` +
  (BID_MOVES[from].length ? `（下一步：${BID_MOVES[from].map((s) => BID_STATUS_LABEL[s].zh).join('、')}）` : '（项目已关闭）');
