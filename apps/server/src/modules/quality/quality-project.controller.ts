import { defineController } from '../../platform/crud/controller.ts';
import { BusinessError } from '../../platform/errors.ts';
import { checkAttached } from '../common/index.ts';

/**
 * 质检项目's pictures go through the shared upload check (modules/common/attached-files.ts), as an inspection
 * verdict's do: each name must be an uploaded file of the company, a png/jpg/jpeg image of at most 5 MB.
 */
export const qualityProjectController = defineController({
  entity: 'qualityProject',
  beforeSave: async (c, row) => {
    if (row.pictures === undefined) return;
    if (!c.files) throw new BusinessError('图片无法校验：文件存储不可用');
    row.pictures = await checkAttached(c.files, c.session.tenantId, row.pictures as string | null, 'images');
  },
});
