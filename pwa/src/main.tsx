import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './styles/global.css';
import './styles/blocks.css';

// Ask the browser to keep the offline copy under storage pressure (best effort; Safari may refuse).
navigator.storage?.persist?.().catch(() => {});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
