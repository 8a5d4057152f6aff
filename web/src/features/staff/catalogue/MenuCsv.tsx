import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { caughtMessage } from '../../../app/serverMessage';
import { useImportMenuMutation, type ImportProblem } from './catalogueApi';

interface Outcome {
  title: string;
  message: string;
  problems: ImportProblem[];
}

/** The problems a refused import lists, from the error answer's body. */
function problemsOf(caught: unknown): ImportProblem[] {
  const data = (caught as { data?: { problems?: unknown } } | undefined)?.data;
  return Array.isArray(data?.problems) ? (data.problems as ImportProblem[]) : [];
}

/** Download the menu as a CSV file, and check or import an edited one (issue 16 item 5); the result in a dialog. */
export function MenuCsv() {
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [importMenu, { isLoading }] = useImportMenuMutation();

  const send = async (dryRun: boolean) => {
    if (!file) return;
    const title = dryRun ? 'Checking the menu file' : 'Importing the menu file';
    try {
      const answer = await importMenu({ csv: await file.text(), dry_run: dryRun }).unwrap();
      setOutcome({ title, message: answer.message, problems: [] });
    } catch (caught) {
      setOutcome({ title, message: caughtMessage(caught, 'The file could not be read; please try again'), problems: problemsOf(caught) });
    }
  };

  return (
    <section aria-labelledby="menu-csv-heading" className="mb-4">
      <h2 id="menu-csv-heading" className="h4">
        Menu file (CSV)
      </h2>
      <p>
        <a href="/api/catalogue/menu.csv" download="menu.csv" className="btn btn-outline-primary btn-sm">
          Download the menu
        </a>
      </p>
      <Form.Group controlId="menu-csv-file" className="mb-2">
        <Form.Label>Menu file to import</Form.Label>
        <Form.Control type="file" accept=".csv,text/csv" onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)} />
      </Form.Group>
      <div className="d-flex gap-2">
        <Button variant="outline-secondary" size="sm" disabled={!file || isLoading} onClick={() => void send(true)}>
          Check the file
        </Button>
        <Button variant="primary" size="sm" disabled={!file || isLoading} onClick={() => void send(false)}>
          Import the file
        </Button>
      </div>
      <Modal show={outcome !== null} onHide={() => setOutcome(null)} scrollable aria-labelledby="menu-csv-result" size="lg">
        <Modal.Header closeButton>
          <Modal.Title id="menu-csv-result">{outcome?.title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p data-testid="menu-csv-message">{outcome?.message}</p>
          {outcome && outcome.problems.length > 0 && (
            <Table size="sm" striped data-testid="menu-csv-problems">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {outcome.problems.map((problem, index) => (
                  <tr key={index}>
                    <td>{problem.row}</td>
                    <td>{problem.column ?? ''}</td>
                    <td>{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={() => setOutcome(null)}>Close</Button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
