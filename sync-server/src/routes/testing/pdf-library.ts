import {
  type PdfCategory,
  type PdfFile,
  pdfCategoriesAnswer,
  pdfCategoryAnswer,
  pdfFilesAnswer,
  pdfUploadAnswer,
} from '@fcf/engine/contract';
import { expect } from 'vitest';
import type { $ZodType, output } from 'zod/v4/core';
import { conforming } from '../../testing/answers.ts';
import type { TestPlatform } from '../../testing/test-platform.ts';

/** What the research-library tests share: sample PDFs, the upload call and reads of the lists. */

/** A small, well-formed PDF whose bytes differ by `marker`. */
export function samplePdf(marker: string): Uint8Array {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  ];
  return new TextEncoder().encode(`%PDF-1.4\n% ${marker}\n${objects.join('\n')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** The body of `response` (whatever its status) as `schema` has it. */
export async function bodyOf<Schema extends $ZodType>(
  response: Response | Promise<Response>,
  schema: Schema,
): Promise<output<Schema>> {
  return conforming(schema, await (await response).json());
}

/** The library's calls on the platform and admin token that `current` gives when a test runs. */
export function libraryCalls(current: () => { platform: TestPlatform; admin: string }) {
  const upload = (file: Blob, name: string, token: string = current().admin, field = 'file'): Promise<Response> => {
    const form = new FormData();
    form.append(field, file, name);
    return Promise.resolve(
      current().platform.app.request('/api/pdf-upload', {
        method: 'POST',
        body: form,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      }),
    );
  };
  return {
    upload,
    async uploaded(name: string, marker = name): Promise<PdfFile> {
      const response = await upload(new Blob([samplePdf(marker)], { type: 'application/pdf' }), name);
      expect(response.status, name).toBe(201);
      const { data } = await bodyOf(response, pdfUploadAnswer);
      if (!data) throw new Error(`${name}: the upload answered no file`);
      return data;
    },
    get: (path: string, headers: Record<string, string> = {}) =>
      Promise.resolve(current().platform.app.request(path, { headers })),
    async categories(): Promise<PdfCategory[]> {
      return (await bodyOf(current().platform.call('GET', '/api/pdf-menu-categories'), pdfCategoriesAnswer)).data;
    },
    async files(query = ''): Promise<PdfFile[]> {
      return (await bodyOf(current().platform.call('GET', `/api/pdf-files${query}`), pdfFilesAnswer)).data;
    },
    async addCategory(name: string): Promise<PdfCategory> {
      const response = await current().platform.call('POST', '/api/pdf-menu-categories', {
        token: current().admin,
        body: { name },
      });
      expect(response.status, name).toBe(201);
      return (await bodyOf(response, pdfCategoryAnswer)).data;
    },
  };
}
