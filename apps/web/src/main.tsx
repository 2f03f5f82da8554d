import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import './app/global.css';

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A transition: React renders the first screen in slices of a few milliseconds instead of one long task, so a
// tap or a key press during start-up is answered (issue 11, total blocking time).
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
