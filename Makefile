# A thin layer over CMake. `make run` and `make test` set up a fresh Debian 12 machine first.
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
CMAKE_FLAGS ?=
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := true

.PHONY: architecture example-spec all setup configure build run test bench fuzz screenshots screenshots-slurm translations clean estimator-doc package

all: build

setup:
	@scripts/setup-debian.sh

$(BUILD_DIR)/build.ninja:
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_FLAGS)

configure: setup $(BUILD_DIR)/build.ninja

build: configure
	cmake --build $(BUILD_DIR)

run: build
	$(BUILD_DIR)/app/onramp

test:
	@scripts/setup-debian.sh --test
	@$(MAKE) --no-print-directory build
	cd $(BUILD_DIR) && ctest --output-on-failure --timeout 600

# The importers under libFuzzer (clang), FUZZ_SECONDS each: FUZZ_TARGET runspec (the default),
# state, csv, dossier or all; FUZZ_CPU=1 counts CPU seconds instead of wall seconds. A crash is
# written to tests/fuzz/reproducers/, which the unit tests replay (tests/fuzz/run.sh says how).
FUZZ_SECONDS ?= 600
FUZZ_TARGET ?= runspec
fuzz:
	@scripts/setup-debian.sh --fuzz
	tests/fuzz/run.sh $(BUILD_DIR) $(FUZZ_SECONDS) $(FUZZ_TARGET)

bench:
	@scripts/setup-debian.sh --bench
	@$(MAKE) --no-print-directory build
	python3 bench/run_bench.py --build $(BUILD_DIR)

# Regenerates the committed screenshots from the demo state.
screenshots: build
	for lang in en zh_CN; do \
	  $(BUILD_DIR)/app/onramp screenshot --out docs/screenshots/$$lang --lang $$lang \
	    --state docs/examples/state-demo.json --walk-sandbox; done

# The gate pages with a Slurm cluster's answers (needs root and the Slurm packages).
screenshots-slurm: build
	scripts/setup-debian.sh --slurm
	scripts/slurm-screenshots.sh $(BUILD_DIR)

# Refreshes translations/onramp_zh_CN.ts from the sources (then translate what is new).
translations: configure
	cmake --build $(BUILD_DIR) --target update_translations

clean:
	rm -rf $(BUILD_DIR)

# A .deb (CPack) of what `cmake --install` puts under /usr, Depends from dpkg-shlibdeps. The build
# folder is configured for the /usr prefix first, so that GNUInstallDirs picks the multiarch
# lib/<triplet>/onramp private folder. Written to $(BUILD_DIR)/onramp_<version>_<arch>.deb.
package:
	@scripts/setup-debian.sh --package
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DCMAKE_INSTALL_PREFIX=/usr $(CMAKE_FLAGS)
	cmake --build $(BUILD_DIR)
	cd $(BUILD_DIR) && cpack -G DEB
	@ls -1 $(BUILD_DIR)/onramp_*.deb

# Re-records docs/examples/first-run.json by a real replay on a fresh sandbox: after a change to
# what the first run is (the trainer, its corpus, the sandbox's images), the example must say
# what a rerun now sees. The spec the onboarding makes (state-demo.json) is the starting point.
example-spec: build
	$(BUILD_DIR)/app/onramp spec from-state --state docs/examples/state-demo.json --out $(BUILD_DIR)/from-state.json
	python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); s["storage"]["data"]="/mnt/data/sample"; s["launch"]["args"]=["--steps","60","--every","20"]; json.dump(s,open(sys.argv[1],"w"),indent=4,sort_keys=True)' $(BUILD_DIR)/from-state.json
	-$(BUILD_DIR)/app/onramp replay $(BUILD_DIR)/from-state.json --record docs/examples/first-run.json
	$(BUILD_DIR)/app/onramp replay docs/examples/first-run.json

# Regenerates docs/estimator-accuracy.md from the published cases, and
# docs/estimator-gpu-measured.md from our own GPU measurements (bench/gpu/measure_memory.py).
estimator-doc: build
	$(BUILD_DIR)/app/onramp estimate-accuracy --cases ../shared/data/memory-cases.json --markdown \
	  > docs/estimator-accuracy.md
	$(BUILD_DIR)/app/onramp estimate-accuracy --cases tests/data/gpu-measured-cases.json \
	  --markdown > docs/estimator-gpu-measured.md

# Redraws docs/architecture.svg (and .dot) from the CMake targets: the layers as built.
architecture: configure
	scripts/setup-debian.sh --docs
	python3 scripts/architecture.py $(BUILD_DIR)
