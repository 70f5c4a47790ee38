# foamc — make demo (main job) and make test (tests) set up everything on a fresh Debian machine.
SHELL := /bin/bash
GO ?= go
CACHE := $(CURDIR)/.cache
SRC_DIR := $(CACHE)/src
BIN := $(CURDIR)/bin/foamc
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export WM_PROJECT_DIR ?= /usr/share/openfoam
export FOAM_ETC ?= /usr/share/openfoam/etc

.PHONY: all deps openfoam openfoam12 openfoam12-modules matrix-openfoam12 test-openfoam12-families matrix-openfoam12-families source neovim build test vet demo kb generate generate-rules check-generated fuzz bench mem-keys matrix validation hostile study-examples clean slurm-deps slurm-up slurm-down mcp-client chromium

all: build

deps: openfoam source openfoam-releases

# OpenFOAM v1912 binaries and tutorials from Debian; gcc builds the native library of the
# security tests (a case-shipped libs entry).
openfoam:
	@if ! command -v foamDictionary >/dev/null || ! command -v gcc >/dev/null || [ ! -d /usr/share/doc/openfoam-examples/examples ]; then \
		$(SUDO) apt-get update && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends openfoam openfoam-examples dpkg-dev gcc libc6-dev; \
	fi

# Foundation OpenFOAM 12 (docs/runner.md, "Foundation 12") in .cache/of12/OpenFOAM-12, the
# path foamc finds by itself (FOAMC_OPENFOAM_12_DIR names another): the prebuilt minimal tree
# of ../shared/openfoam unpacked (no build), else built from that folder's source tarball with
# its build script (about 75 min on 2 cores) and unpacked the same way. It needs Debian's
# Open MPI, as the v1912 packages do.
OPENFOAM_SHARED ?= $(abspath $(CURDIR)/../shared/openfoam)
OF12_PREFIX := $(CACHE)/of12
openfoam12:
	@if [ ! -f $(OF12_PREFIX)/OpenFOAM-12/etc/bashrc ]; then \
		dpkg -s libopenmpi3 libopenmpi-dev >/dev/null 2>&1 || { $(SUDO) apt-get update && \
			DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends libopenmpi3 libopenmpi-dev; } && \
		mkdir -p $(OF12_PREFIX) && tarball=$(OPENFOAM_SHARED)/openfoam-12-min-linux64.tar.xz && \
		if [ ! -f $$tarball ]; then \
			bash $(OPENFOAM_SHARED)/build-openfoam-12-min.sh $(OPENFOAM_SHARED)/openfoam-12-min-src.tar.xz $(CACHE)/of12-build $(CACHE) && \
			tarball=$(CACHE)/openfoam-12-min-linux64.tar.xz; \
		fi && \
		tar -C $(OF12_PREFIX) -xJf $$tarball; \
	fi

# Solver modules and programs the prebuilt tree lacks, built into it from ../shared/openfoam's
# source tarball with the build script's commands (scripts/openfoam12-module.sh), dependencies
# first: shockFluid (rhoCentralFoam); functions (scalarTransportFoam; it needs movingMesh);
# solid, foamMultiRun and splitMeshRegions (conjugate heat transfer); the legacy
# shallowWaterFoam; reactingFoam's multicomponentFluid with the libraries it links
# (applications/modules/multicomponentFluid/Make/options): ODE, chemistryModel,
# radiationModels (combustionModels links it), combustionModels and the multicomponent
# thermophysical transport, the longest part (28 min on the shared 2 cores from a half-built
# chemistryModel; reactingFoam stays refused for openfoam-12 until a case runs there,
# docs/compiler.md). The source is unpacked beside the binaries (existing files kept); the build needs Debian's compilers and flex.
# Each entry: what must exist afterwards = what to build.
OF12_MODULES := lib/libshockFluid.so=shockFluid \
	lib/libmovingMesh.so=movingMesh lib/libfunctions.so=functions \
	lib/libsolid.so=solid bin/foamMultiRun=applications/solvers/foamMultiRun \
	bin/splitMeshRegions=applications/utilities/mesh/manipulation/splitMeshRegions \
	bin/shallowWaterFoam=applications/legacy/incompressible/shallowWaterFoam \
	lib/libODE.so=src/ODE lib/libchemistryModel.so=src/thermophysicalModels/chemistryModel \
	lib/libradiationModels.so=src/radiationModels lib/libcombustionModels.so=src/combustionModels \
	lib/libfluidMulticomponentThermophysicalTransportModels.so=src/ThermophysicalTransportModels/fluidMulticomponentThermo \
	lib/libmulticomponentFluid.so=multicomponentFluid
openfoam12-modules: openfoam12
	@for e in $(OF12_MODULES); do ls $(OF12_PREFIX)/OpenFOAM-12/platforms/*/$${e%%=*} >/dev/null 2>&1 || missing="$$missing $${e#*=}"; done; \
	if [ -n "$$missing" ]; then \
		command -v g++ >/dev/null && command -v flex >/dev/null || { $(SUDO) apt-get update && \
			DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends build-essential flex bison libfl-dev zlib1g-dev; } && \
		tar -C $(OF12_PREFIX) --skip-old-files -xJf $(OPENFOAM_SHARED)/openfoam-12-min-src.tar.xz && \
		scripts/openfoam12-module.sh $(OF12_PREFIX)/OpenFOAM-12 $$missing; \
	fi

# The Debian source package (deb-src entry + apt-get source) into a git-ignored cache.
source: openfoam
	@if ! ls -d $(SRC_DIR)/openfoam-*/tutorials >/dev/null 2>&1; then \
		command -v dpkg-source >/dev/null || DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends dpkg-dev; \
		if ! grep -rqs '^Types: deb-src' /etc/apt/sources.list.d/ /etc/apt/sources.list; then \
			sed 's/^Types: deb$$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | $(SUDO) tee /etc/apt/sources.list.d/debian-src.sources >/dev/null; \
		fi; \
		$(SUDO) apt-get update && mkdir -p $(SRC_DIR) && cd $(SRC_DIR) && apt-get source openfoam; \
	fi

# Neovim, the real editor the language server's end-to-end test drives (lsp/nvim_test.go).
neovim:
	@command -v nvim >/dev/null || { $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends neovim; }

# Debian's chromium, the real browser the report's headless test loads pages in
# (report/browser_test.go).
chromium:
	@command -v chromium >/dev/null || { $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends chromium; }

build:
	$(GO) build -o $(BIN) ./cmd/foamc

# The official TypeScript MCP SDK (pinned by package-lock.json) for the end-to-end test
# of foamc mcp, run with the machine's node; node_modules is git-ignored.
MCP_CLIENT := mcpserver/testdata/tsclient
mcp-client:
	@command -v node >/dev/null && command -v npm >/dev/null || { $(SUDO) apt-get update && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends nodejs npm; }
	@[ $(MCP_CLIENT)/node_modules/.package-lock.json -nt $(MCP_CLIENT)/package-lock.json ] || \
		npm ci --prefix $(MCP_CLIENT) --no-audit --no-fund

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }

# FOAMC_OPENFOAM_SRC (the unpacked source package: headers, uncompressed tutorials) is
# resolved when the recipe runs, after `deps` may have just downloaded it.
# The Slurm tests (cmd/foamc TestSlurm*) need a running cluster: it is started before the
# tests and stopped after them, whatever they return. It lives in its own directory
# (SLURM_CONF below, its own ports and munged), so a machine's own Slurm is neither used
# nor touched.
test: deps openfoam12 neovim chromium vet check-generated slurm-deps mcp-client
	$(SUDO) scripts/slurm-cluster.sh up
	status=0; SLURM_CONF=$(SLURM_CONF_TEST) FOAMC_OPENFOAM_SRC=$$(ls -d $(SRC_DIR)/openfoam-*/ | head -1) $(GO) test -count=1 -timeout 40m ./... || status=$$?; \
		$(SUDO) scripts/slurm-cluster.sh down; exit $$status

# The test cluster's slurm.conf (scripts/slurm-cluster.sh's default state directory):
# `export SLURM_CONF=/var/lib/foamc-slurm/slurm.conf` points Slurm's clients at it.
SLURM_CONF_TEST := /var/lib/foamc-slurm/slurm.conf

# A one-node Slurm cluster on localhost (docs/parallel.md): Debian's slurm-wlm and munge,
# and libpmix-dev, whose libpmix.so Slurm's mpi/pmix plugin loads for srun --mpi=pmix
# (util-linux's unshare starts the PMIx-less cluster of TestSlurmWithoutPMIx).
slurm-deps:
	@if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null || ! dpkg -s libpmix-dev >/dev/null 2>&1; then \
		$(SUDO) apt-get update && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends slurm-wlm munge libpmix-dev; \
	fi

slurm-up: slurm-deps
	$(SUDO) scripts/slurm-cluster.sh up

slurm-down:
	$(SUDO) scripts/slurm-cluster.sh down

# The whole generated spec matrix in real OpenFOAM (CI runs a fixed sample): compile rate,
# run rate, failures grouped by cause (and of its steady specs restated with fractional time
# settings, eval/specmatrix/fractional.go); then every blind spec (eval/specmatrix/blind_test.go, blind21_test.go), the patch-syntax
# matrix (eval/specmatrix/patchsyntax.go), the free-surface (VoF) matrix (eval/specmatrix/vof.go) and foamc's
# blockMeshDict reading against blockMesh on every tutorial.
matrix: deps
	FOAMC_OPENFOAM_SRC=$$(ls -d $(SRC_DIR)/openfoam-*/ | head -1) $(GO) test ./eval/specmatrix -run 'TestGeneratedMatrix$$|TestGeneratedMatrixWaterScalar$$|TestFractionalSteadyMatrix$$|TestReactingMatrix$$|TestCHTMatrix$$' -count=1 -v -timeout 180m -args -matrix=all \
		| grep -v '^=== RUN\|^--- PASS' ; exit $${PIPESTATUS[0]}
	FOAMC_OPENFOAM_SRC=$$(ls -d $(SRC_DIR)/openfoam-*/ | head -1) $(GO) test ./eval/specmatrix -run 'TestBlindSpecs$$|TestBlindSpecs21$$' -count=1 -v -timeout 90m -args -blind=all
	FOAMC_OPENFOAM_SRC=$$(ls -d $(SRC_DIR)/openfoam-*/ | head -1) $(GO) test ./eval/specmatrix -run 'TestSyntaxMatrix$$' -count=1 -v -timeout 60m -args -matrix=all \
		| grep -v '^=== RUN\|^--- PASS' ; exit $${PIPESTATUS[0]}
	FOAMC_OPENFOAM_SRC=$$(ls -d $(SRC_DIR)/openfoam-*/ | head -1) $(GO) test ./eval/specmatrix -run 'TestVoFMatrix$$' -count=1 -v -timeout 60m -args -matrix=all \
		| grep -v '^=== RUN\|^--- PASS' ; exit $${PIPESTATUS[0]}
	FOAMC_OPENFOAM_SRC=$$(ls -d $(SRC_DIR)/openfoam-*/ | head -1) $(GO) test ./compiler -run 'TestBlockMeshReaderAgreesOnTutorials$$' -count=1 -v -timeout 60m -args -blockmesh-corpus=all

# The generated spec matrix compiled with target: openfoam-12 and run in Foundation 12's
# foamRun, shockFluid included (CI runs a fixed sample): compile and run rates per module.
matrix-openfoam12: deps openfoam12-modules
	FOAMC_OPENFOAM_SRC=$$(ls -d $(SRC_DIR)/openfoam-*/ | head -1) $(GO) test ./eval/specmatrix -run 'TestGeneratedMatrix12$$' -count=1 -v -timeout 120m -args -matrix=all \
		| grep -v '^=== RUN\|^--- PASS' ; exit $${PIPESTATUS[0]}

# The Foundation 12 runs of the families beyond single-phase flow (scalar transport, shallow
# water, CHT), whose programs the prebuilt tree lacks: make openfoam12-modules
# builds them first (tens of minutes on 2 cores; not part of make test). The fixtures, then
# the family matrices (a sample; FAMILIES12_MATRIX=all for every spec).
FAMILIES12_MATRIX ?= sample
test-openfoam12-families: deps openfoam12-modules
	$(GO) test ./compiler -run 'TestFamiliesRunInOpenFOAM12$$' -count=1 -v -timeout 60m -args -openfoam12-families

matrix-openfoam12-families: deps openfoam12-modules
	FOAMC_OPENFOAM_SRC=$$(ls -d $(SRC_DIR)/openfoam-*/ | head -1) $(GO) test ./eval/specmatrix -run 'TestFamiliesMatrix12$$' -count=1 -v -timeout 180m -args -openfoam12-families -matrix=$(FAMILIES12_MATRIX) \
		| grep -v '^=== RUN\|^--- PASS' ; exit $${PIPESTATUS[0]}

# The validation suite against the literature (docs/validation.md): every eval/validation/<case> spec
# compiled, run in OpenFOAM v1912 and judged by foamc verify --spec, with its wrong variant
# rejected; prints the validation table with the default (accurate) numerics profile, then the
# table of the same specs pinned to the robust profile (issue 25: every case must pass with
# accurate; robust is reported beside it, and may miss). make test runs the fast sample only.
validation: deps
	@mkdir -p out
	status=0; $(GO) test ./eval/validation -count=1 -run '^(TestValidation|TestDamBreak)$$' -timeout 90m -args -validation=all -table=$(CURDIR)/out/validation.txt || status=$$?; \
		cat out/validation.txt 2>/dev/null; \
		$(GO) test ./eval/validation -count=1 -run '^TestValidation$$' -timeout 90m -args -validation=all -profile=robust -table=$(CURDIR)/out/validation-robust.txt; \
		cat out/validation-robust.txt 2>/dev/null; exit $$status

# The hostile-case corpus (docs/hostile.md): every attack run through the built foamc in
# OpenFOAM v1912 as root and as the unprivileged foamc-probe user (created when missing; run
# as root), compared with eval/hostile/outcomes.json; prints the table of what got through.
hostile: deps
	@mkdir -p out
	status=0; FOAMC_OPENFOAM_SRC=$$(ls -d $(SRC_DIR)/openfoam-*/ | head -1) $(GO) test ./eval/hostile -count=1 -run '^TestHostile$$' -timeout 20m -args -table=$(CURDIR)/out/hostile.txt || status=$$?; \
		cat out/hostile.txt 2>/dev/null; exit $$status

# The example studies (docs/study.md) with real OpenFOAM: a Reynolds-number sweep of the
# lid-driven cavity against Ghia et al. (1982) and a 3-level grid convergence study of plane
# Poiseuille flow (GCI after Celik et al. 2008). A few minutes; not part of make test.
study-examples: deps build
	rm -rf out/studies && mkdir -p out/studies
	status=0; for s in cavity-re channel-gci; do \
		$(BIN) study examples/studies/$$s/study.yaml -o out/studies/$$s || status=$$?; \
		cat out/studies/$$s/results.md; \
	done; exit $$status

demo: deps build
	rm -rf out/demo && mkdir -p out/demo
	$(BIN) compile examples/channel-step/spec.yaml -o out/demo/channel-step
	$(BIN) lint out/demo/channel-step
	$(BIN) run out/demo/channel-step

kb: deps build
	$(BIN) kb build --src $$(ls -d $(SRC_DIR)/openfoam-*/ | head -1) -o kb/snapshot/v1912.json.gz

# Every generated artefact, from its source, in one place: the embedded kb snapshot (rebuilt from
# the v1912 sources; byte-identical unless the miner or the sources changed), the rule catalogue,
# metadata and compiled policies, the compile goldens, the grammar fuzz seeds, and the CLI
# transcripts' expected output with the exit-code tables of README.md and docs/cli.md.
generate: kb generate-rules
	$(GO) test -count=1 ./eval/golden -update
	FOAMC_WRITE_FUZZ_SEEDS=1 $(GO) test -count=1 ./grammar -run '^TestWriteFuzzSeeds$$'
	$(GO) test -count=1 ./cmd/foamc -run '^(TestExitCodeDocs|TestScripts)$$' -update

# What a rule or ID edit changes, without OpenFOAM, apt or the kb: the rule catalogue, metadata
# and compiled policies (run twice when verify check IDs change: rules/verify_goids.go feeds the
# catalogue).
generate-rules:
	$(GO) test -count=1 ./rules -run 'TestBuiltinRuleMetadata|TestCatalogue|TestCompiledPolicies' -update

# CI: a generated file that is out of date with its source fails the build.
check-generated: generate
	@git diff --exit-code --stat || { echo "make generate changed the files above: commit the regenerated files"; exit 1; }
	@test -z "$$(git ls-files --others --exclude-standard)" || { git ls-files --others --exclude-standard; echo "make generate created the untracked files above"; exit 1; }

# `foamc lint` over every tutorial case of each release foamc has a profile of (one process
# each, in the release's etc/bashrc environment): the share of cases with a deny other than
# FOAM-SEC-*, and the deny IDs (docs/kb.md "Releases"). RELEASES_DIR holds OpenFOAM-12 and
# OpenFOAM-v2506 (unpacked from ../shared/openfoam).
RELEASES_DIR ?= $(CURDIR)/.cache/releases
.PHONY: lint-releases
lint-releases: build
	FOAMC=$(BIN) scripts/lint-tutorials.sh $$(ls -d $(SRC_DIR)/openfoam-*/ | head -1)tutorials
	for r in OpenFOAM-v2506 OpenFOAM-12; do \
		RELEASE_DIR=$(RELEASES_DIR)/$$r FOAMC=$(BIN) scripts/lint-tutorials.sh $(RELEASES_DIR)/$$r/tutorials || exit 1; \
	done

# OpenFOAM's parse verdict on every file of the tutorial corpus (docs/grammar.md "Parse
# verdicts"): foamDictionary run on each, written to grammar/testdata/foamdict-verdicts.json.
# make test re-runs foamDictionary on a fixed sample (TestFoamDictVerdictsCache) and compares
# foamc's verdict on every file with the cache (TestParseVerdicts).
.PHONY: foamdict-verdicts
foamdict-verdicts: deps
	FOAMC_OPENFOAM_SRC=$$(ls -d $(SRC_DIR)/openfoam-*/ | head -1) FOAMC_WRITE_VERDICTS=1 \
		$(GO) test ./grammar -run '^TestFoamDictVerdictsCache$$' -count=1 -v -timeout 60m

# The Foundation 12 and ESI v2506 source trees (tutorials/, etc/, src/, applications/) from
# ../shared/openfoam into .cache/releases (FOAMC_RELEASES_DIR names another place): the grammar's
# release tests read tutorials and etc, kb/mine's TestReleaseClasses the C++ sources.
# The v2506 tarball stores git's symbolic links as one-line files: restore-links.sh makes them
# links again (idempotent), so multi-region tutorials read as a checkout does.
.PHONY: openfoam-releases
openfoam-releases:
	@for r in OpenFOAM-12 OpenFOAM-v2506; do \
		if [ ! -d $(CACHE)/releases/$$r/tutorials ]; then \
			if [ ! -f $(OPENFOAM_SHARED)/$$r-src.tar.xz ]; then echo "no $(OPENFOAM_SHARED)/$$r-src.tar.xz: the release tests fail under CI=true"; continue; fi; \
			mkdir -p $(CACHE)/releases && tar -C $(CACHE)/releases -xJf $(OPENFOAM_SHARED)/$$r-src.tar.xz $$r/tutorials $$r/etc || exit 1; \
		fi; \
		if [ ! -d $(CACHE)/releases/$$r/src ] && [ -f $(OPENFOAM_SHARED)/$$r-src.tar.xz ]; then \
			tar -C $(CACHE)/releases -xJf $(OPENFOAM_SHARED)/$$r-src.tar.xz $$r/src $$r/applications || exit 1; \
		fi; \
		scripts/restore-links.sh $(CACHE)/releases/$$r/tutorials || exit 1; \
	done

# Foundation 12's foamDictionary over its whole tutorial corpus (docs/grammar.md "Releases"),
# written to grammar/testdata/foamdict-verdicts-12.json; make test re-runs a fixed sample.
.PHONY: foamdict-verdicts-12
foamdict-verdicts-12: openfoam-releases
	FOAMC_WRITE_VERDICTS=12 $(GO) test ./grammar -run '^TestFoamDict12VerdictsCache$$' -count=1 -v -timeout 60m

# foamc's verdict on every file of Foundation 12's corpus against the cache (make test: a sample).
.PHONY: verdicts-12
verdicts-12: openfoam-releases
	FOAMC_VERDICTS12=all $(GO) test ./grammar -run '^TestParseVerdicts12$$' -count=1 -v -timeout 60m

# Every dictionary of the Foundation 12 and ESI v2506 trees parsed and expanded in its
# release's dialect: counts and failures by cause.
.PHONY: release-parse
release-parse: openfoam-releases
	FOAMC_RELEASE_PARSE=1 $(GO) test ./grammar -run '^TestReleaseParse$$' -count=1 -v -timeout 60m

# The parser, the formatter and the expander, one after another (go test fuzzes one target at a time).
FUZZTIME ?= 10m
fuzz:
	for t in FuzzParse FuzzFormat FuzzExpand; do \
		$(GO) test ./grammar -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) || exit 1; \
	done

bench:
	$(GO) test ./grammar -run '^$$' -bench . -benchmem -count 5

# Max RSS of every command that reads a 34 MB dictionary of 2 M keys (issue 16's memory bound).
mem-keys:
	scripts/mem-keys.sh

clean:
	rm -rf bin out
