"""pip install ./python (offline, Debian's build tools):

    /usr/bin/python3 -m venv --system-site-packages venv      # numpy from python3-numpy
    venv/bin/pip install --no-build-isolation ./python
    pip install --user --no-build-isolation ./python           # or the user site

The extension _sortid is built by the project's CMake build (target
sortid_python: the static libsortid linked in; Highway's libhwy1 is the one
shared library it needs besides libstdc++). SORTID_BUILD_DIR names a CMake
build folder that already has it (e.g. build/release), else a build folder of
its own is configured under build/python-<version>. Needs cmake, a C++20
compiler, pybind11-dev, python3-dev, libhwy-dev (scripts/setup.sh).
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def version():
    with open(os.path.join(ROOT, "include", "sortid", "sortid.h"), encoding="utf-8") as header:
        return re.search(r'^#define SORTID_VERSION_STRING "(.+)"$', header.read(), re.M).group(1)


class CMakeBuild(build_ext):
    """Builds _sortid with the project's CMake build and puts it in the wheel."""

    def build_extension(self, ext):
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        build = os.environ.get("SORTID_BUILD_DIR")
        if build and not os.path.isabs(build):
            # pip runs this in python/: relative to where pip was started.
            build = os.path.join(os.environ.get("PWD", ROOT), build)
        if not build:
            build = os.path.join(ROOT, "build", f"python-{sys.version_info[0]}.{sys.version_info[1]}")
            configure = ["cmake", "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                         f"-DSORTID_PYTHON_EXECUTABLE={sys.executable}", "-DSORTID_BUILD_TESTS=OFF",
                         "-DSORTID_BUILD_BENCH=OFF", "-DSORTID_BUILD_CLI=OFF",
                         "-DSORTID_WITH_DUCKDB=OFF", "-DSORTID_WITH_SQLITE=OFF",
                         "-DSORTID_WITH_MARIADB=OFF", "-DSORTID_WITH_NODE=OFF"]
            if shutil.which("ninja"):
                configure += ["-G", "Ninja"]
            subprocess.check_call(configure)
        subprocess.check_call(["cmake", "--build", build, "--target", "sortid_python"])
        package = os.path.join(build, "python", "sortid")
        built = glob.glob(os.path.join(package, "_sortid" + suffix))
        if not built:
            sys.exit(f"sortid: {package} has no _sortid{suffix}: that build is for another "
                     "Python (set SORTID_BUILD_DIR to a build for this one, or unset it)")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built[0], target)
        if shutil.which("strip"):  # a RelWithDebInfo build's debug info stays in the build
            subprocess.check_call(["strip", "--strip-debug", target])
        shutil.copyfile(os.path.join(package, "_version.py"),
                        os.path.join(os.path.dirname(target), "_version.py"))


setup(
    name="sortid",
    version=version(),
    description="Bulk ULID / Record ID / UUID conversion for numpy, pandas and Dask",
    long_description=open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8").read(),
    long_description_content_type="text/markdown",
    license="UNLICENSED",
    python_requires=">=3.9",
    install_requires=["numpy"],
    extras_require={"pandas": ["pandas"], "dask": ["dask"]},
    packages=["sortid"],
    ext_modules=[Extension("sortid._sortid", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
