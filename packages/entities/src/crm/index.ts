export { crmLabel } from './crm-label.ts';
export { crmStage } from './crm-stage.ts';
export { crmExchangeRate } from './exchange-rate.ts';
export * from './crm-types.ts';
