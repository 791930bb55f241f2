import { useEffect, useState } from 'react';
import { App, Button, Col, Form, Modal, Row as GridRow, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { EntityDef } from '@erp/entities';
import type { CrudOptions, Row } from './crud-types.ts';
import type { EntityApi } from './entity-api.ts';
import { failureText } from './file-transfer.ts';
import { fieldInput } from './form-field.tsx';
import { fieldRules } from './form-rules.ts';
import { schemaIssues, toBody, toFormValues } from './form-values.ts';
import { useCrudT } from './i18n.ts';
import { formFields, inSentence, recordLabel, text } from './labels.ts';
import { LinesField } from './lines-field.tsx';
import { isEnglish } from '../i18n/index.ts';
import { MissingUrlError } from './entity-urls.ts';
import { useMobile } from './use-mobile.ts';
import { useUploading } from './upload-field.tsx';
import styles from './crud.module.css';

const WIDE = new Set(['images', 'files', 'lines']);

export interface EntityFormProps {
  def: EntityDef;
  api: EntityApi;
  opts: CrudOptions;
  /** the row being edited; undefined adds */
  row?: Row;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The kit's form dialog (ARCHITECTURE §4): fields, checks and name rule from the definition,
 * Save and Save-and-approve. Master data has no approval: Save-and-approve saves and enables
 * the record (enabled: true), which is what approving means for a list item (SPEC §4).
 */
export function EntityForm({ def, api, opts, row, open, onClose, onSaved }: EntityFormProps) {
  const { t, i18n } = useCrudT();
  const lang = i18n.language;
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const mobile = useMobile();
  const [saving, setSaving] = useState<false | 'save' | 'approve'>(false);
  const uploading = useUploading();
  const busy = (k: 'save' | 'approve') => saving === k || uploading;
  // child lines are not in list rows: an edit of such a record reads it whole first
  const hasLines = Object.values(def.fields).some((fd) => fd.kind === 'lines');
  const full = useQuery({
    queryKey: ['entity-info', def.name, row?.id],
    enabled: open && hasLines && Boolean(row),
    staleTime: 0,
    gcTime: 0,
    queryFn: () => api.info(row!.id),
  });
  const record = hasLines && row ? full.data : row;
  const ready = !row || Boolean(record);

  useEffect(() => {
    if (!open || !ready) return;
    form.resetFields();
    form.setFieldsValue(toFormValues(def, record, opts));
    // filled once per opening (and once the whole record is read); def and opts are fixed for a page
  }, [open, ready, record]);

  const nameTaken = def.nameExistsMessage && !isEnglish(lang) ? def.nameExistsMessage : t(opts.nameTakenKey ?? 'nameExists');

  const fields = formFields(def).filter(([k]) => !(row && opts.createOnly?.includes(k)));
  // a phone gets one column, whatever the field count
  const wide = fields.length > 6 && !mobile;
  const approve = (opts.features?.approve ?? def.status) === true;
  const fixed = opts.fixedFilter ?? {};

  const fieldError = (field: string, msg: string) => form.setFields([{ name: field, errors: [msg] }]);

  const save = async (mode: 'save' | 'approve') => {
    let values: Record<string, unknown>;
    try {
      await form.validateFields();
      // the whole store: lines keep their ids and link names, which no input holds
      values = form.getFieldsValue(true) as Record<string, unknown>;
    } catch {
      return;
    }
    const body = toBody(def, values, row, opts);
    if (mode === 'approve') body.enabled = true;
    const issues = schemaIssues(def, body, row?.id);
    if (issues.length) {
      for (const i of issues) if (i.field in def.fields) fieldError(i.field, i.message);
      message.warning(issues[0].message);
      return;
    }
    setSaving(mode);
    try {
      const name = def.nameField ? body[def.nameField] : undefined;
      if (typeof name === 'string' && name) {
        const scope = Object.fromEntries((def.nameScope ?? []).map((k) => [k, k in body ? body[k] : row?.[k]]));
        if (await api.nameTaken(name, row?.id, scope)) {
          fieldError(def.nameField!, nameTaken);
          return;
        }
      }
      const r = await api.save(body, row?.id);
      message.success(r.message ?? t('done'));
      onSaved();
      onClose();
    } catch (e) {
      if (e instanceof MissingUrlError) message.error(e.message);
      // a refusal (code ≠ 200) shows data.message; the name rule also marks the field
      const msg = failureText(e);
      if (msg) {
        if ((msg === '名称已存在' || msg === def.nameExistsMessage) && def.nameField) fieldError(def.nameField, nameTaken);
        message.warning(msg);
      }
    } finally {
      setSaving(false);
    }
  };

  const label = inSentence(recordLabel(def, opts.fixedFilter), lang);
  return (
    <Modal
      title={t(row ? 'editTitle' : 'addTitle', { label })}
      open={open}
      width={mobile ? '100%' : hasLines ? 1000 : wide ? 860 : 560}
      rootClassName={mobile ? styles.fullScreen : undefined}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        approve && (
          <Button key="approve" loading={busy('approve')} disabled={saving === 'save'} onClick={() => void save('approve')} data-testid="form-approve">
            {t('saveAndApprove')}
          </Button>
        ),
        <Button key="save" type="primary" loading={busy('save')} disabled={saving === 'approve'} onClick={() => void save('save')} data-testid="form-save">
          {t('save')}
        </Button>,
      ]}
    >
      <Spin spinning={!ready}>
        <Form
          form={form}
          layout={mobile ? 'vertical' : 'horizontal'}
          labelCol={mobile ? undefined : { flex: wide ? '110px' : '100px' }}
          labelWrap
          data-testid="entity-form"
          data-mobile={mobile || undefined}
          style={{ marginTop: mobile ? 8 : 16 }}
        >
          <GridRow gutter={16}>
            {fields.map(([k, fd]) => {
              const l = text(fd.label, lang);
              const section = opts.formSections?.[k];
              const before = section && (
                <Col key={`${k}:section`} span={24}>
                  {section({ form, row: record, disabled: false })}
                </Col>
              );
              if (fd.kind === 'lines') {
                return [
                  before,
                  <Col key={k} span={24}>
                    <LinesField name={k} fd={fd} form={form} t={t} lang={lang} />
                  </Col>,
                ];
              }
              const custom = opts.formFields?.[k];
              const full = !wide || WIDE.has(fd.kind) || (fd.kind === 'text' && fd.multiline);
              return [
                before,
                <Col key={k} span={full ? 24 : 12}>
                  <Form.Item
                    name={k}
                    label={l}
                    rules={fieldRules(fd, l, t, lang)}
                    valuePropName={fd.kind === 'bool' ? 'checked' : 'value'}
                    labelCol={full && wide ? { flex: '110px' } : undefined}
                  >
                    {custom
                      ? custom({ form, row: record, disabled: k in fixed })
                      : fieldInput({ def, field: k, fd, label: l, row: record, disabled: k in fixed, t })}
                  </Form.Item>
                </Col>,
              ];
            })}
          </GridRow>
        </Form>
      </Spin>
    </Modal>
  );
}
