import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchCategories, fetchFiles, type PdfCategory, type PdfFile } from '../../api/research-api.ts';
import { ALL_FILES, sortedCategories, validSelection } from '../../lib/research-library.ts';
import { type Direction, moveItem, nextSortOrder } from '../reorder.ts';
import { PdfCategoryPanel } from './PdfCategoryPanel.tsx';
import { PdfFileTable } from './PdfFileTable.tsx';
import { PdfUploadBar } from './PdfUploadBar.tsx';
import { createCategory, deleteCategory, deletePdfFile, moveFile, saveCategoryOrder } from './pdf-admin-api.ts';
import { confirmCategoryDelete, confirmFileDelete, type PdfAction, pdfActionMessage } from './pdf-messages.ts';
import { usePdfUpload } from './use-pdf-upload.ts';
import './PdfManager.css';

const TOAST_MS = 3_000;

function withId(set: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * The PDF admin manager (/admin/pdf): upload, the category panel and the
 * file table of the selected category.
 */
export default function PdfManager() {
  const [categories, setCategories] = useState<PdfCategory[]>([]);
  const [selected, setSelected] = useState(ALL_FILES);
  const [files, setFiles] = useState<PdfFile[]>([]);
  const [filesLoading, setFilesLoading] = useState(true);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [busyCategories, setBusyCategories] = useState<ReadonlySet<number>>(new Set());
  const [busyFiles, setBusyFiles] = useState<ReadonlySet<number>>(new Set());
  const [toast, setToast] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const selection = useRef(selected);
  selection.current = selected;

  const loadCategories = useCallback(async () => {
    try {
      setCategories(sortedCategories(await fetchCategories()));
    } catch (error) {
      // A failed category load is only logged and leaves an empty list: the file list still works.
      console.warn('PDF分类加载失败', error);
      setCategories([]);
    }
  }, []);

  const loadFiles = useCallback(async () => {
    const wanted = selection.current;
    setFilesLoading(true);
    try {
      const list = await fetchFiles(wanted);
      if (selection.current !== wanted) return;
      setFiles(list);
      setFilesError(null);
    } catch (error) {
      if (selection.current !== wanted) return;
      setFilesError(errorTextOf(error));
    } finally {
      if (selection.current === wanted) setFilesLoading(false);
    }
  }, []);

  const reloadAll = useCallback(() => Promise.all([loadCategories(), loadFiles()]), [loadCategories, loadFiles]);
  const upload = usePdfUpload(() => void reloadAll());

  useEffect(() => {
    void loadCategories();
  }, [loadCategories]);

  useEffect(() => {
    void selected;
    void loadFiles();
  }, [selected, loadFiles]);

  // A selected category that is gone (deleted here or elsewhere) falls back to all files.
  useEffect(() => {
    setSelected((current) => validSelection(current, categories));
  }, [categories]);

  useEffect(() => {
    if (toast?.kind !== 'ok') return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const fail = (action: PdfAction, error: unknown) => window.alert(pdfActionMessage(action, error));

  const addCategory = async (name: string): Promise<boolean> => {
    try {
      await createCategory(name, nextSortOrder(categories));
      await loadCategories();
      return true;
    } catch (error) {
      fail('add', error);
      return false;
    }
  };

  const move = async (index: number, direction: Direction) => {
    const next = moveItem(categories, index, direction);
    const moving = categories[index];
    if (!next || !moving) return;
    setCategories(next);
    setBusyCategories((busy) => withId(busy, moving.id, true));
    try {
      await saveCategoryOrder(next);
    } catch (error) {
      await loadCategories();
      fail('sort', error);
    } finally {
      setBusyCategories((busy) => withId(busy, moving.id, false));
    }
  };

  const removeCategory = async (category: PdfCategory) => {
    if (!window.confirm(confirmCategoryDelete(category.name, category.file_count))) return;
    setBusyCategories((busy) => withId(busy, category.id, true));
    try {
      await deleteCategory(category.id);
      if (selection.current === category.id) setSelected(ALL_FILES);
      else await loadFiles();
      await loadCategories();
    } catch (error) {
      fail('deleteCategory', error);
      await loadCategories();
    } finally {
      setBusyCategories((busy) => withId(busy, category.id, false));
    }
  };

  const moveToCategory = async (file: PdfFile, categoryId: number | null) => {
    setBusyFiles((busy) => withId(busy, file.id, true));
    try {
      await moveFile(file.id, categoryId);
    } catch (error) {
      fail('move', error);
    } finally {
      setBusyFiles((busy) => withId(busy, file.id, false));
      // The file may leave the shown category; the counts change either way.
      await reloadAll();
    }
  };

  const removeFile = async (file: PdfFile) => {
    if (!window.confirm(confirmFileDelete(file.filename))) return;
    setBusyFiles((busy) => withId(busy, file.id, true));
    setToast(null);
    try {
      await deletePdfFile(file.id);
      setToast({ kind: 'ok', text: `已删除文件"${file.filename}"` });
    } catch (error) {
      setToast({ kind: 'error', text: pdfActionMessage('deleteFile', error) });
    } finally {
      setBusyFiles((busy) => withId(busy, file.id, false));
      await reloadAll();
    }
  };

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>PDF研报管理</h1>
        <p>上传研究报告PDF，按分类整理；读者在“行业研究报告”页面按分类浏览和阅读。</p>
      </header>
      <PdfUploadBar upload={upload} />
      {toast && (
        <p className={`notice pdf-notice notice--${toast.kind === 'ok' ? 'success' : 'error'}`} role="status">
          {toast.text}
        </p>
      )}
      <div className="pdf-manager__body">
        <PdfCategoryPanel
          categories={categories}
          selected={selected}
          busy={busyCategories}
          onSelect={setSelected}
          onMove={move}
          onDelete={removeCategory}
          onAdd={addCategory}
        />
        <PdfFileTable
          // A new selection starts at page 1.
          key={selected}
          files={files}
          categories={categories}
          selected={selected}
          loading={filesLoading}
          error={filesError}
          busy={busyFiles}
          onMove={moveToCategory}
          onDelete={removeFile}
          onReload={() => void reloadAll()}
        />
      </div>
    </div>
  );
}

function errorTextOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '未知错误';
}
