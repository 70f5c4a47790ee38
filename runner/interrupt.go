package runner

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// controlDictBackup is where limitSteps keeps the case's own controlDict while a
// step-limited run has it edited (case-relative, hidden, outside system/).
const controlDictBackup = ".foamc-controlDict.orig"

// recoverControlDict puts back a controlDict that a killed run left edited.
func recoverControlDict(dir string, log io.Writer) error {
	backup := filepath.Join(dir, controlDictBackup)
	orig, err := os.ReadFile(backup)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("runner: read the kept controlDict: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "system", "controlDict"), orig, 0o644); err != nil {
		return fmt.Errorf("runner: restore controlDict: %w", err)
	}
	fmt.Fprintf(log, "restored system/controlDict from %s (an earlier run was stopped before restoring it)\n", controlDictBackup)
	return os.Remove(backup)
}
