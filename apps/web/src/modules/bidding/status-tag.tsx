import { Tag } from 'antd';
import { BID_STATUS_LABEL, type BidStatus } from '@erp/entities';
import { statusText } from './bid-i18n.ts';

/** A project status as a coloured tag. */
export const BidStatusTag = ({ status }: { status: BidStatus }) => <Tag color={BID_STATUS_LABEL[status].color}>{statusText(status)}</Tag>;
