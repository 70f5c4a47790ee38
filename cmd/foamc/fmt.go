package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
)

func init() {
	register("fmt", "format dictionaries canonically (-w rewrites, --check lists files that would change)", runFmt)
}

// runFmt exits 0 when everything is formatted (or was rewritten), 1 on a parse or I/O error,
// 2 when --check finds files that are not formatted.
func runFmt(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fmt", flag.ContinueOnError)
	fs.SetOutput(stderr)
	write := fs.Bool("w", false, "write the result back to each file instead of stdout")
	check := fs.Bool("check", false, "print the files whose formatting differs and exit 2 if any")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: foamc fmt FILE... [-w] [--check]")
		fs.PrintDefaults()
	}
	// flags may follow the files
	var files []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			return 1
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(files) == 0 {
		fs.Usage()
		return 1
	}
	code := 0
	for _, path := range files {
		f, err := grammar.ParseFile(path)
		if err != nil {
			printParseError(stderr, path, err)
			code = 1
			continue
		}
		out := grammar.Format(f)
		switch {
		case *check:
			if !bytes.Equal(out, f.Src) {
				fmt.Fprintln(stdout, path)
				if code == 0 {
					code = 2
				}
			}
		case *write:
			if bytes.Equal(out, f.Src) {
				continue
			}
			if err := writeFormatted(path, out, f.Gzip); err != nil {
				fmt.Fprintf(stderr, "foamc fmt: %v\n", err)
				code = 1
			}
		default:
			if _, err := stdout.Write(out); err != nil {
				fmt.Fprintf(stderr, "foamc fmt: %v\n", err)
				return 1
			}
		}
	}
	return code
}

// writeFormatted replaces path atomically, gzip-compressed again when it was read compressed.
func writeFormatted(path string, data []byte, gz bool) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if gz {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		if _, err := zw.Write(data); err != nil {
			return fmt.Errorf("compressing %s: %w", path, err)
		}
		if err := zw.Close(); err != nil {
			return fmt.Errorf("compressing %s: %w", path, err)
		}
		data = b.Bytes()
	}
	tmp := path + ".foamc-fmt.tmp"
	if err := os.WriteFile(tmp, data, st.Mode().Perm()); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("replacing %s: %w", path, err)
	}
	return nil
}

// printParseError writes a located finding with its excerpt and fix.
func printParseError(w io.Writer, path string, err error) {
	var fd finding.Finding
	if !errors.As(err, &fd) {
		fmt.Fprintf(w, "%s: %v\n", path, err)
		return
	}
	fmt.Fprintln(w, fd.String())
	if fd.Detail != "" {
		fmt.Fprintf(w, "    %s\n", fd.Detail)
	}
	if fd.Excerpt != "" {
		fmt.Fprintf(w, "%s\n", fd.Excerpt)
	}
	if fd.Fix != "" {
		fmt.Fprintf(w, "    fix: %s\n", fd.Fix)
	}
}
