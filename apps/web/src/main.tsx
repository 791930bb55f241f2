import { createRoot } from 'react-dom/client';

// Placeholder until the web shell lands (issue: web shell).
function App() {
  return (
    <main style={{ fontFamily: 'sans-serif', padding: 48 }}>
      <h1>ERP</h1>
      <p>服务已启动。API 文档见 <a href="/docs">/docs</a>。</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
